import { modelFamilyOf } from '../tool-calls/index.js';

/**
 * The writer-facing text of a streamed answer, as it arrives: reasoning a server leaves in the
 * content is kept out of the live text as it is kept out of the final answer. The stream decoder
 * already moves `<think>` blocks and reasoning fields aside; what it cannot see coming is handled
 * here — gpt-oss harmony channels (only the final channel is shown; the rest is held) and models
 * whose template opens the think block in the prompt (DeepSeek-R1 and its distills, QwQ), whose
 * thinking arrives as plain content until a `</think>` nobody opened: their text is held until
 * the call ends, then the visible answer is given at once.
 */
export interface VisibleStream {
  /** A piece of streamed content. */
  push(text: string): void;
  /** The call ended with this visible answer (reasoning stripped): whatever was held is given now. */
  end(visibleAnswer: string): void;
}

const HARMONY_START = '<|';
const HARMONY_FINAL = /<\|channel\|>final(?:[^<]|<(?!\|message\|>))*<\|message\|>/;

/** True for models whose chat template opens the think block itself, so their thinking reads as content. */
export function opensThinkInTemplate(modelName: string): boolean {
  const name = modelName.toLowerCase();
  return (modelFamilyOf(name) === 'deepseek' && /(?:^|[^a-z0-9])r1(?:[^0-9]|$)/.test(name)) || /qwq/.test(name);
}

/** The part of the raw content so far that may be shown: held text is left out until it is certain. */
function visibleSoFar(raw: string): string {
  const start = raw.trimStart();
  // Nothing yet, or the first characters of a harmony marker: wait for the next piece.
  if (HARMONY_START.startsWith(start)) return '';
  if (!start.startsWith(HARMONY_START)) return raw;
  const final = HARMONY_FINAL.exec(start);
  if (!final) return '';
  const rest = start.slice(final.index + final[0].length);
  const end = rest.indexOf(HARMONY_START);
  if (end >= 0) return rest.slice(0, end);
  // A trailing '<' may open the end marker: held until the next piece says.
  return rest.endsWith('<') ? rest.slice(0, -1) : rest;
}

/** Creates the live filter of one model call's streamed answer; `emit` receives only visible text. */
export function visibleStream(emit: (text: string) => void, options: { modelName: string }): VisibleStream {
  const holdAll = opensThinkInTemplate(options.modelName);
  let raw = '';
  let shown = '';
  const show = (visible: string): void => {
    // Only ever extend what was shown; a visible text that no longer starts with it is left to the final answer.
    if (visible.length > shown.length && visible.startsWith(shown)) {
      emit(visible.slice(shown.length));
      shown = visible;
    }
  };
  return {
    push(text) {
      raw += text;
      if (!holdAll) show(visibleSoFar(raw));
    },
    end(visibleAnswer) {
      show(visibleAnswer);
    },
  };
}
