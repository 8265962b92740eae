import { describe, expect, it } from 'vitest';
import { buildCorrectiveMessage } from './corrective-message.js';

describe('buildCorrectiveMessage', () => {
  it('lists every issue by code, then the grammar, the role sources and the receipts to cite', () => {
    const message = buildCorrectiveMessage(
      [
        { code: 'quote_not_found', message: 'The quote “x y z” is not in a.md.', span: { start: 1, end: 2 } },
        { code: 'receipt_unknown', message: 'Receipt rcpt_x does not exist.', span: null },
      ],
      { knownReceiptIds: new Set(['rcpt_0190aaaaaaaaaaaa']), evidenceSources: ['Canon.md', 'Compendium/'] },
    );
    expect(message).toContain('- quote_not_found: The quote “x y z” is not in a.md.');
    expect(message).toContain('- receipt_unknown: Receipt rcpt_x does not exist.');
    expect(message).toContain('Evidence: <content|structural|absence> | <file path>');
    expect(message).toContain('Canon.md, Compendium/');
    expect(message).toContain('Cite only these receipts: rcpt_0190aaaaaaaaaaaa');
  });

  it('tells the model not to claim a lookup when none ran', () => {
    expect(buildCorrectiveMessage([{ code: 'evidence_missing', message: 'No evidence line.', span: null }])).toContain('No lookup ran for this reply');
  });
});
