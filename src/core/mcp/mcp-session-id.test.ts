import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mcpSessionId } from './mcp-session-id.js';

describe('mcpSessionId', () => {
  it('slugs the client name the way writers will recognise it', () => {
    expect(mcpSessionId('Claude Desktop')).toBe('mcp-claude-desktop');
    expect(mcpSessionId('claude-ai')).toBe('mcp-claude-ai');
    expect(mcpSessionId('LM Studio')).toBe('mcp-lm-studio');
    expect(mcpSessionId('Cursor (v1.2)')).toBe('mcp-cursor-v1-2');
    expect(mcpSessionId('Zoë’s Agent')).toBe('mcp-zoe-s-agent');
  });

  it('never lets a name climb out of the audit folder or go empty', () => {
    expect(mcpSessionId('../../etc/passwd')).toBe('mcp-etc-passwd');
    expect(mcpSessionId('.control-room')).toBe('mcp-control-room');
    expect(mcpSessionId(undefined)).toBe('mcp-client');
    expect(mcpSessionId('   ')).toBe('mcp-client');
    expect(mcpSessionId('клиент')).toMatch(/^mcp-client-[0-9a-f]{8}$/);
    expect(mcpSessionId('клиент')).not.toBe(mcpSessionId('агент'));
  });

  it('always gives a folder-safe id of at most 128 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (name) => {
        const id = mcpSessionId(name);
        expect(id).toMatch(/^mcp-[a-z0-9-]{1,120}$/);
        expect(id).not.toMatch(/--|-$/);
      }),
    );
  });
});
