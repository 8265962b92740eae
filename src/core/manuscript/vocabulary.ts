import type { SourceText } from './file-ref.js';

const CAPITALISED_WORD = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}]*(?:['’]\p{L}+)?/gu;

/**
 * The proper names the Compendium and canon use anywhere in their prose, card or not. A name the
 * canon itself uses (`Catriona`, `Providence`, `Danny Coull`) is never reported as a misnaming.
 */
export class Vocabulary {
  private readonly words = new Set<string>();
  private readonly text: string;

  constructor(sources: readonly SourceText[]) {
    const lines: string[] = [];
    for (const source of sources) {
      for (const line of source.lines) {
        lines.push(line.replace(/['’]/g, "'"));
        for (const match of line.matchAll(CAPITALISED_WORD)) this.words.add(match[0].replace(/['’]s$/, '').replace(/’/g, "'"));
      }
    }
    this.text = lines.join('\n');
  }

  /** True when the canon uses this word or phrase (case-sensitive, whole words, apostrophes folded). */
  has(phrase: string): boolean {
    const folded = phrase.replace(/['’]/g, "'").replace(/'s$/, '');
    if (!folded.includes(' ')) return this.words.has(folded);
    const escaped = folded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(this.text);
  }
}

/** Collects the vocabulary of the given Compendium and canon files. */
export function collectVocabulary(sources: readonly SourceText[]): Vocabulary {
  return new Vocabulary(sources);
}
