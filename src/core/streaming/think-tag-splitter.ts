/**
 * Separates `<think>…</think>` reasoning from the visible content of a streamed reply.
 *
 * Models served without a reasoning parser (many GGUF builds in LM Studio, llama.cpp, older Ollama)
 * put their reasoning inside the content. Tags may be cut across deltas (`<thi` + `nk>`), so a
 * possible partial tag at the end of a piece is held back (at most 8 characters) until the next
 * piece decides it; nothing else is ever re-scanned.
 */

export interface ThinkTagSplitterCallbacks {
  onContent: (text: string) => void;
  onReasoning: (text: string) => void;
  /** A `</think>` arrived outside a block: the template opened the block in the prompt. */
  onOrphanClose: () => void;
}

export interface ThinkTagSplitter {
  push(text: string): void;
  /** Releases held text; a partial tag at the very end is ordinary text. */
  end(): void;
  /** True once any think tag was seen. */
  readonly sawTag: boolean;
}

const OPEN_TAG = '<think>';
const CLOSE_TAG = '</think>';

/** Creates a splitter that reports content and reasoning pieces as they become certain. */
export function createThinkTagSplitter(callbacks: ThinkTagSplitterCallbacks): ThinkTagSplitter {
  let inside = false;
  let held = '';
  let sawTag = false;

  const emit = (text: string): void => {
    if (text === '') return;
    if (inside) callbacks.onReasoning(text);
    else callbacks.onContent(text);
  };

  const couldBeTagStart = (tail: string): boolean =>
    inside ? CLOSE_TAG.startsWith(tail) : OPEN_TAG.startsWith(tail) || CLOSE_TAG.startsWith(tail);

  return {
    get sawTag() {
      return sawTag;
    },
    push(text: string): void {
      if (text === '') return;
      const source = held === '' ? text : held + text;
      held = '';
      let emitFrom = 0;
      let search = 0;
      for (;;) {
        const bracket = source.indexOf('<', search);
        if (bracket === -1) break;
        const tag = source.startsWith(CLOSE_TAG, bracket) ? CLOSE_TAG : !inside && source.startsWith(OPEN_TAG, bracket) ? OPEN_TAG : null;
        if (tag !== null) {
          emit(source.slice(emitFrom, bracket));
          sawTag = true;
          if (tag === OPEN_TAG) inside = true;
          else if (inside) inside = false;
          else callbacks.onOrphanClose();
          emitFrom = search = bracket + tag.length;
          continue;
        }
        const tail = source.slice(bracket);
        if (tail.length < CLOSE_TAG.length && couldBeTagStart(tail)) {
          emit(source.slice(emitFrom, bracket));
          held = tail;
          return;
        }
        search = bracket + 1;
      }
      emit(source.slice(emitFrom));
    },
    end(): void {
      const rest = held;
      held = '';
      emit(rest);
    },
  };
}
