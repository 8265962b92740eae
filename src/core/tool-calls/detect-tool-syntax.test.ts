import { describe, expect, it } from 'vitest';
import { CORE_TOOL_IDS } from '../../protocol/index.js';
import { findToolCallSyntax, looksLikeToolCallAttempt } from './detect-tool-syntax.js';

const looks = (text: string): boolean => looksLikeToolCallAttempt(text, CORE_TOOL_IDS);

describe('looksLikeToolCallAttempt', () => {
  it('fires on function-call syntax with a tool id, in its spellings and aliases', () => {
    expect(looks('file_locator(search_criteria="outline")')).toBe(true);
    expect(looks('Let me run file_reader("Canon.md") first.')).toBe(true);
    expect(looks('functions.file_reader(path="Canon.md")')).toBe(true);
    expect(looks('file-locator()')).toBe(true);
    expect(looks('fileReader({path: "Canon.md"})')).toBe(true);
    expect(looks('file_viewer(path="Canon.md")')).toBe(true);
    expect(looks('outline_analyzer (mode="beats")')).toBe(true);
  });

  it('fires on markers, tags, call-shaped JSON and the nonce line', () => {
    expect(looks('[Tool Request] file_reader Canon.md')).toBe(true);
    expect(looks('[TOOL_CALL]')).toBe(true);
    expect(looks('<tool_call>{"name":"x"}</tool_call>')).toBe(true);
    expect(looks('<function=file_reader>{"path":"Canon.md"}</function>')).toBe(true);
    expect(looks('Sure: {"tool": "file_reader", "args": {}}')).toBe(true);
    expect(looks('{"name": "lookup", "arguments": {"q": 1}}')).toBe(true);
    expect(looks('{“tool”: “file_reader”}')).toBe(true);
    expect(looks('TOOL_NONCE: n-123')).toBe(true);
    expect(looks('tool: file_reader\npath: Canon.md')).toBe(true);
  });

  it('does not fire on prose that mentions tools or uses brackets and colons', () => {
    const prose = [
      'I checked with the file locator and the outline analyzer; both agree.',
      'The file_reader (receipt R-12) shows Mara on the quay.',
      'The file_reader (receipt: R-12) shows the line.',
      'Mara reads the letter (the one from her brother) aloud.',
      '“Name: Mara,” she said. “Arguments are for later.”',
      'Character sheet — name: Mara Quill; role: keeper.',
      'Used file_locator to find the outline, then read it.',
      'The tool: a brass key.',
    ];
    for (const text of prose) expect(looks(text), text).toBe(false);
  });

  it('says where the syntax is, for evidence spans', () => {
    const text = 'Checked. file_locator(search_criteria="x")';
    expect(findToolCallSyntax(text, CORE_TOOL_IDS)).toEqual({ kind: 'call_syntax', start: 9, end: 22 });
    expect(findToolCallSyntax('no tools here', CORE_TOOL_IDS)).toBeUndefined();
    expect(findToolCallSyntax('<tool_call>', [])).toMatchObject({ kind: 'tool_tag' });
  });

  it('stays cheap on long runs of whitespace', () => {
    const hostile = `<${' '.repeat(60_000)}x\n${'\n'.repeat(60_000)}"${' '.repeat(60_000)}`;
    expect(looks(hostile)).toBe(false);
  });
});
