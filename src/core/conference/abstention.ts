import { ABSTAIN_KEYWORD } from '../../protocol/index.js';
import { stripReasoning } from '../tool-calls/index.js';

/**
 * True when a reply IS the abstain keyword (the seed's Abstain Protocol): the trimmed text, with
 * any reasoning block removed, equals `ABSTAIN` in any case. "I would not abstain" is not one.
 */
export function isAbstention(reply: string): boolean {
  return stripReasoning(reply).text.trim().toUpperCase() === ABSTAIN_KEYWORD;
}
