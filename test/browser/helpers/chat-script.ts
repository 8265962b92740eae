/**
 * The scripted model of three 1:1 chat turns, in the order the server asks for them:
 *   1. a grounded answer: a strict envelope call (nonce from the prompt) reads Hester's card, then
 *      `final`, then an answer quoting the card exactly and citing the receipt;
 *   2. a call with a guessed nonce, twice (the retry too): refused, nothing runs, the reply stops;
 *   3. an answer whose quote is not in the manuscript, twice (the corrective retry too).
 */
import type { LoopbackStep } from '../../../src/adapters/loopback-model-server/index.js';
import { decide, envelopeCall, groundedAnswer } from '../../e2e/helpers/scripted-turns.js';

export const CARD_PATH = 'Compendium/Characters/CHAR-hester-vane.md';
export const CARD_QUOTE = 'eyes: grey';
export const EYES_QUESTION = 'What colour are Hester’s eyes?';
export const NONCE_QUESTION = 'Read the outline for me.';
export const INVENTED_QUESTION = 'Does Hester ever mention a locket?';
export const INVENTED_QUOTE = 'the brass locket lay in her palm';

const guessedNonce = { content: JSON.stringify({ tool: 'file_reader', args: { path: 'Story/SCN-outline.md' }, nonce: 'guessed-nonce' }) };
const invented = { content: `Yes: she holds it in the churchyard.\n\nEvidence: content | ${CARD_PATH} | "${INVENTED_QUOTE}"` };

/** The three turns' replies, in order. */
export function chatScript(): LoopbackStep[] {
  return [
    envelopeCall('file_reader', { path: CARD_PATH }),
    decide({ action: 'final' }),
    groundedAnswer('Hester’s eyes are grey, as her Compendium card records.', (receipts) => `Evidence: content | ${CARD_PATH} | "${CARD_QUOTE}" | receipt ${receipts}`),
    guessedNonce,
    guessedNonce,
    invented,
    invented,
  ];
}
