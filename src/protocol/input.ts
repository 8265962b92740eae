/**
 * The incoherent-input filter (thinking-router plan §9): a message that cannot be a request gets a
 * clarification instead of a model call. Its verdict is traced as `validator.ran` with validator
 * id `input` and one of these codes, and a chat or round answers with stop hook `input_unclear`.
 */

/** The validator id of the filter in `validator.ran` events. */
export const INPUT_VALIDATOR_ID = 'input';

/** The stop hook of a turn or round answered with a clarification about the input. */
export const STOP_HOOK_INPUT_UNCLEAR = 'input_unclear';

export const UNCLEAR_INPUT_CODES = [
  /** Nothing at all was sent. */
  'input_empty',
  /** Only spaces, line breaks or invisible characters. */
  'input_whitespace',
  /** Only punctuation, symbols or emoji: no letter or digit. */
  'input_symbols_only',
  /** Letters, but every word reads as keys struck at random ("asdfgh", "sdkfjh jkjk"). */
  'input_keyboard_mash',
] as const;
export type UnclearInputCode = (typeof UNCLEAR_INPUT_CODES)[number];
