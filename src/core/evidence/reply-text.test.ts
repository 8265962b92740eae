import { describe, expect, it } from 'vitest';
import { prepareReply } from './reply-text.js';

describe('prepareReply', () => {
  it('returns the reply unchanged, with identity spans, when there is no reasoning', () => {
    const prepared = prepareReply('Answer.\nEvidence: x');
    expect(prepared.text).toBe('Answer.\nEvidence: x');
    expect(prepared.toOriginal({ start: 8, end: 17 })).toEqual({ start: 8, end: 17 });
    expect(prepared.toOriginal(null)).toBeNull();
  });

  it('shifts spans past a leading think block', () => {
    const reply = '<think>hidden Evidence: fake</think>\nAnswer.\nEvidence: real';
    const prepared = prepareReply(reply);
    expect(prepared.text).toBe('Answer.\nEvidence: real');
    const span = prepared.toOriginal({ start: 8, end: 22 });
    expect(reply.slice(span?.start, span?.end)).toBe('Evidence: real');
  });

  it('places spans line by line when reasoning sat between visible parts', () => {
    const reply = 'Intro line.\n<think>middle</think>\nEvidence: real';
    const prepared = prepareReply(reply);
    const start = prepared.text.indexOf('Evidence');
    const span = prepared.toOriginal({ start, end: start + 14 });
    expect(reply.slice(span?.start, span?.end)).toBe('Evidence: real');
  });
});
