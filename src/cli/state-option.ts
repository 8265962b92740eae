import { ControlRoomError, ConversationStateSchema, type ConversationState } from '../protocol/index.js';

/** Reads a `--state` value or a `state` argument; anything but the four states is a usage error. */
export function parseStateOption(value: string | undefined): ConversationState | undefined {
  if (value === undefined) return undefined;
  const parsed = ConversationStateSchema.safeParse(value.trim().toLowerCase());
  if (!parsed.success) throw new ControlRoomError('usage_error', `"${value}" is not a conversation state: use ${ConversationStateSchema.options.join(', ')}.`);
  return parsed.data;
}
