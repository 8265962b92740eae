import type { EvidenceReport } from '../../protocol/index.js';
import { sanitizeReply } from './sanitize-reply.js';

/** The answer a writer sees and the one evidence report behind it. */
export interface EvidencedAnswer {
  /** The reply as shown: reasoning and protocol stripped. */
  content: string;
  /** The validator's whole report on `content`: type, sources, located quotes, receipts, issues. */
  report: EvidenceReport;
  /** True when the answer was decided only after the one corrective retry. */
  retried: boolean;
  /** True when the agent withdrew on the retry (a conference agent's ABSTAIN). */
  withdrawn: boolean;
}

export interface AnswerWithEvidenceInput {
  /** The model's first reply, raw. */
  reply: string;
  /** Checks a sanitised reply's evidence (attempt 1 or 2) and records the verdict. */
  check: (content: string, attempt: 1 | 2) => Promise<EvidenceReport>;
  /** Asks once more, telling the model what failed; null when the agent withdraws instead. */
  correct: (content: string, report: EvidenceReport) => Promise<string | null>;
}

/**
 * The one evidence step of every grounded answer (1:1 chat, conference phase 2): sanitise the
 * reply, check its evidence line, and on failure ask once more with the issues listed. The report
 * returned is the validator's own, so the results, the CLI and the web app show exactly what was
 * checked — the evidence line and the places of its quotes are never worked out a second time.
 */
export async function answerWithEvidence(input: AnswerWithEvidenceInput): Promise<EvidencedAnswer> {
  const content = sanitizeReply(input.reply);
  const report = await input.check(content, 1);
  if (report.ok) return { content, report, retried: false, withdrawn: false };
  const second = await input.correct(content, report);
  if (second === null) return { content, report, retried: true, withdrawn: true };
  const corrected = sanitizeReply(second);
  return { content: corrected, report: await input.check(corrected, 2), retried: true, withdrawn: false };
}
