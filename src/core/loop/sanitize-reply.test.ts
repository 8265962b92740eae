import { describe, expect, it } from 'vitest';
import { sanitizeReply } from './sanitize-reply.js';

describe('sanitizeReply', () => {
  it('removes reasoning, envelopes, protocol lines and tool names but keeps the evidence line', () => {
    const reply = [
      '<think>I should call file_reader first.</think>',
      'I will use the file_reader tool to check.',
      '{"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"abc"}',
      'TOOL_NONCE: abc',
      'STOP_HOOK: tool_call_rejected',
      'Hester’s eyes are grey, as the consistency_checker confirmed.',
      '<tool_call>{"name":"x"}</tool_call>',
      'Evidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt rcpt_0192f3a45b6c7d8e',
    ].join('\n');
    const clean = sanitizeReply(reply);
    expect(clean).not.toMatch(/file_reader|consistency_checker|TOOL_NONCE|STOP_HOOK|"tool"|<think>|tool_call/);
    expect(clean).toContain('Hester’s eyes are grey, as a consistency check confirmed.');
    expect(clean).toContain('Evidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt rcpt_0192f3a45b6c7d8e');
  });

  it('keeps ordinary braces and prose untouched', () => {
    expect(sanitizeReply('The set {a, b} is fine.\nShe said “no”.')).toBe('The set {a, b} is fine.\nShe said “no”.');
  });
});
