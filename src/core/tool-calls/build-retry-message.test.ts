import { describe, expect, it } from 'vitest';
import { TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { buildRetryMessage } from './build-retry-message.js';
import { parseToolCall } from './parse-tool-call.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const NONCE = 'n-5e6f7a8b';
const options = { nonce: NONCE, tools: schemaLookupFrom(TOOL_ARG_SCHEMAS) };

function rejected(text: string, allowedTools?: string[]) {
  const verdict = parseToolCall(text, { ...options, allowedTools });
  if (verdict.ok) throw new Error('expected a rejection');
  return verdict;
}

describe('buildRetryMessage', () => {
  it('lists the code, the path-level issues, the tool schema, the allowed tools and the nonce line', () => {
    const rejection = rejected(JSON.stringify({ tool: 'file_reader', args: { path: 7, start_line: 0 }, nonce: NONCE }));
    const message = buildRetryMessage(rejection, options);
    expect(message).toContain('tool_call_invalid_args');
    expect(message).toContain('- args.path: Invalid input: expected string, received number [invalid_type]');
    expect(message).toContain('- args.start_line:');
    expect(message).toContain('Arguments of file_reader (JSON Schema):\n{"type":"object","properties":{"path"');
    expect(message).toContain('Allowed tools: file_locator, file_reader, outline_analyzer');
    expect(message).toContain(`{"tool":"<tool id>","args":{…},"nonce":"${NONCE}"}`);
    expect(message.split('\n').at(-1)).toBe(`TOOL_NONCE: ${NONCE}`);
  });

  it('shows no schema when the tool is unknown, and only the allowed tools', () => {
    const rejection = rejected(JSON.stringify({ tool: 'web_search', args: {}, nonce: NONCE }), ['file_locator', 'file_reader']);
    const message = buildRetryMessage(rejection, { ...options, allowedTools: ['file_locator', 'file_reader'] });
    expect(message).toContain('tool_call_unknown_tool');
    expect(message).not.toContain('JSON Schema');
    expect(message).toContain('Allowed tools: file_locator, file_reader.');
  });

  it('shows the schema for a format error when the aimed-at tool is known', () => {
    const rejection = rejected(JSON.stringify({ tool: 'file_viewer', parameters: { path: 'Canon.md' }, nonce: NONCE }));
    const message = buildRetryMessage(rejection, options);
    expect(message).toContain('- parameters: Unknown top-level key "parameters"; use "args". [unrecognized_key]');
    expect(message).toContain('Arguments of file_reader (JSON Schema):');
  });

  it('gives the decision shapes after a tool result', () => {
    const rejection = rejected('Done!');
    const message = buildRetryMessage(rejection, { ...options, step: 'decision' });
    expect(message).toContain(`Or, when done: {"action":"final","nonce":"${NONCE}"}`);
    expect(message).toContain('"action":"tool"');
    expect(message).not.toContain('Issues:');
  });

  it('caps a flood of issues', () => {
    const args = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`extra_${index}`, index]));
    const message = buildRetryMessage(rejected(JSON.stringify({ tool: 'outline_analyzer', args, nonce: NONCE })), options);
    expect(message).toContain('- … and 18 more');
  });
});
