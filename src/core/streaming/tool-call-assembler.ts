import type { ModelDelta, NativeToolCall } from '../../protocol/index.js';
import { modelError } from './model-error.js';
import { asObject, indexValue, nonEmptyString } from './wire-values.js';

/**
 * Assembles native tool calls from streamed `tool_calls` deltas, keyed by `index`.
 *
 * Real servers differ: the first call may use index 1, later deltas repeat an empty `id` or `name`
 * (which must not overwrite the first), arguments come a few characters at a time and may split
 * an escape sequence, a whole call may come in one delta, and some servers omit `index`. A call is
 * complete — and only then reported — when a later index starts, a `finish_reason` arrives or the
 * stream ends; until then its arguments may be half a JSON document and must not be acted on.
 */
export interface ToolCallAssembler {
  /** Applies the `tool_calls` array of one delta. */
  push(deltas: readonly unknown[]): void;
  /** Completes every open call (finish reason or end of stream). */
  completeAll(): void;
  /** Calls completed so far, in index order of completion. */
  readonly completed: readonly NativeToolCall[];
}

interface Slot {
  index: number;
  id: string;
  name: string;
  argumentPieces: string[];
  complete: boolean;
}

export interface ToolCallAssemblerOptions {
  onDelta?: (delta: ModelDelta) => void;
  onComplete?: (call: NativeToolCall) => void;
}

/** Creates an assembler; completed calls are reported through `onComplete` and `completed`. */
export function createToolCallAssembler(options: ToolCallAssemblerOptions = {}): ToolCallAssembler {
  const slots = new Map<number, Slot>();
  const open: Slot[] = []; // in start order; usually zero or one entries
  const completed: NativeToolCall[] = [];
  let lastTouched: Slot | undefined;
  let highestIndex = -1;

  const complete = (slot: Slot): void => {
    slot.complete = true;
    const call: NativeToolCall = { id: slot.id === '' ? `call_${slot.index}` : slot.id, name: slot.name, arguments: slot.argumentPieces.join('') };
    slot.argumentPieces = [call.arguments];
    completed.push(call);
    options.onComplete?.(call);
  };

  const completeBelow = (index: number): void => {
    for (let position = 0; position < open.length; ) {
      const slot = open[position]!;
      if (slot.index < index) {
        open.splice(position, 1);
        complete(slot);
      } else position += 1;
    }
  };

  // Without an index, an unseen id or a different name starts a new call; anything else continues the last one.
  const resolveIndex = (item: Record<string, unknown>, id: string | undefined, name: string | undefined, position: number): number => {
    const explicit = indexValue(item['index']);
    if (explicit !== undefined) return explicit;
    if (id !== undefined) {
      for (const slot of slots.values()) if (slot.id === id) return slot.index;
      return highestIndex + 1;
    }
    if (lastTouched === undefined) return position;
    if (name !== undefined && lastTouched.name !== '' && lastTouched.name !== name) return highestIndex + 1;
    return lastTouched.index;
  };

  return {
    get completed() {
      return completed;
    },
    push(deltas: readonly unknown[]): void {
      for (let position = 0; position < deltas.length; position += 1) {
        const item = asObject(deltas[position]);
        if (item === undefined) continue;
        const fn = asObject(item['function']);
        const id = nonEmptyString(item['id']);
        const name = nonEmptyString(fn?.['name']);
        const rawArguments = fn?.['arguments'];
        // A few servers send the arguments as an object rather than JSON text.
        const argumentsText =
          typeof rawArguments === 'string' ? rawArguments : asObject(rawArguments) !== undefined ? JSON.stringify(rawArguments) : '';
        const index = resolveIndex(item, id, name, position);
        let slot = slots.get(index);
        if (slot === undefined) {
          completeBelow(index);
          slot = { index, id: '', name: '', argumentPieces: [], complete: false };
          slots.set(index, slot);
          open.push(slot);
          if (index > highestIndex) highestIndex = index;
        } else if (slot.complete) {
          if (argumentsText === '' && (name === undefined || name === slot.name)) continue;
          throw modelError(
            'model_bad_response',
            `The model server sent more of tool call ${index} after a later call had started; the stream is out of order, so the call is not used.`,
            { transient: true },
          );
        }
        lastTouched = slot;
        const delta: ModelDelta = { kind: 'tool-call', index };
        if (id !== undefined && slot.id === '') slot.id = delta.id = id;
        if (name !== undefined && slot.name === '') slot.name = delta.name = name;
        if (argumentsText !== '') {
          slot.argumentPieces.push(argumentsText);
          delta.argumentsText = argumentsText;
        }
        if (delta.id !== undefined || delta.name !== undefined || delta.argumentsText !== undefined) options.onDelta?.(delta);
      }
    },
    completeAll(): void {
      const remaining = open.splice(0, open.length).sort((left, right) => left.index - right.index);
      for (const slot of remaining) complete(slot);
    },
  };
}
