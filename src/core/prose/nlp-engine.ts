import type { ItsFunction, WinkMethods } from 'wink-nlp';
import { ControlRoomError } from '../../protocol/index.js';

/**
 * The tokens of one paragraph as wink-nlp sees them, column by column. Tokenisation is lossless:
 * `spaces[i] + values[i]` concatenated in order give back the paragraph text exactly.
 */
export interface TaggedText {
  values: string[];
  /** wink's token type: `word`, `punctuation`, `number`, `tabCRLF`, … */
  types: string[];
  /** Universal Dependencies part of speech (`NOUN`, `VERB`, `ADV`, `PROPN`, `PUNCT`, …). */
  pos: string[];
  lemmas: string[];
  normals: string[];
  /** Whitespace before each token (newlines are tokens of their own). */
  spaces: string[];
  stopWords: boolean[];
  abbreviations: boolean[];
  contractions: boolean[];
  /** Character offset of each token in the text. */
  offsets: number[];
  /** wink's sentences as inclusive `[first, last]` token indices. */
  sentenceSpans: Array<[number, number]>;
}

/** wink-nlp with its English model: tokens, sentences and parts of speech of a text. */
export interface ProseEngine {
  /** Tokenises, tags and sentence-splits one paragraph. Linear in the length of the text. */
  tag(text: string): TaggedText;
}

// Sentence boundaries and parts of speech are all we use; skipping NER, negation and sentiment
// keeps tagging fast.
const PIPE = ['sbd', 'pos'];
let loading: Promise<ProseEngine> | undefined;

function tagWith(wink: WinkMethods, text: string): TaggedText {
  const its = wink.its;
  const document = wink.readDoc(text);
  const tokens = document.tokens();
  const values = tokens.out();
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const offsets: number[] = new Array<number>(values.length);
  let offset = 0;
  for (let index = 0; index < values.length; index += 1) {
    offset += (spaces[index] ?? '').length;
    offsets[index] = offset;
    offset += (values[index] ?? '').length;
  }
  return {
    values,
    types: tokens.out(its.type) as string[],
    pos: tokens.out(its.pos) as string[],
    // wink's typings give the lemma helper a narrower signature than `out` accepts; it works the same.
    lemmas: tokens.out(its.lemma as unknown as ItsFunction<string>) as string[],
    normals: tokens.out(its.normal) as string[],
    spaces,
    stopWords: tokens.out(its.stopWordFlag) as boolean[],
    abbreviations: tokens.out(its.abbrevFlag) as boolean[],
    contractions: tokens.out(its.contractionFlag) as boolean[],
    offsets,
    sentenceSpans: document.sentences().out(its.span) as unknown as Array<[number, number]>,
  };
}

/**
 * The shared engine, loaded on first use and reused by every call. The model takes about a second
 * to load, so it is imported lazily: commands that never analyse prose never pay for it.
 */
export function loadProseEngine(): Promise<ProseEngine> {
  loading ??= Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]).then(
    ([{ default: winkNLP }, { default: model }]) => {
      const wink = winkNLP(model, PIPE);
      return { tag: (text: string) => tagWith(wink, text) };
    },
    (error: unknown) => {
      loading = undefined; // let a later call try again once the installation is fixed
      throw new ControlRoomError(
        'internal_error',
        'The English language model for prose analysis (wink-nlp, wink-eng-lite-web-model) could not be loaded. Reinstall Control Room\'s dependencies.',
        { fault: 'system', cause: error },
      );
    },
  );
  return loading;
}

/** True when token `index` follows the previous token with no whitespace or line break between. */
export function isGlued(tagged: TaggedText, index: number): boolean {
  return index > 0 && tagged.spaces[index] === '' && tagged.types[index] !== 'tabCRLF' && tagged.types[index - 1] !== 'tabCRLF';
}
