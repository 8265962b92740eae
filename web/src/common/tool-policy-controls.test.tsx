import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CORE_TOOL_IDS } from '../../../src/protocol/index.js';
import { policyToSend, ToolPolicyControls } from './tool-policy-controls.js';

describe('the tool policy a round or turn is sent with', () => {
  it('is left out when every lookup is allowed and none is required', () => {
    expect(policyToSend({})).toBeUndefined();
    expect(policyToSend({ requireTool: false, allowedTools: [...CORE_TOOL_IDS] })).toBeUndefined();
  });

  it('carries a required lookup, and the allowed kinds only when some are left out', () => {
    expect(policyToSend({ requireTool: true })).toEqual({ requireTool: true });
    expect(policyToSend({ requireTool: true, allowedTools: [...CORE_TOOL_IDS] })).toEqual({ requireTool: true });
    expect(policyToSend({ allowedTools: ['file_reader', 'file_locator'] })).toEqual({ allowedTools: ['file_reader', 'file_locator'] });
    expect(policyToSend({ requireTool: true, allowedTools: ['file_reader'] })).toEqual({ requireTool: true, allowedTools: ['file_reader'] });
  });

  it('sends an empty list as it is: no lookup of any kind allowed', () => {
    expect(policyToSend({ allowedTools: [] })).toEqual({ allowedTools: [] });
  });
});

describe('the Lookups controls', () => {
  it('name every kind of lookup in plain words, never a tool id, and tick the allowed ones', () => {
    const html = renderToStaticMarkup(<ToolPolicyControls policy={{ allowedTools: ['file_reader'] }} onChange={() => undefined} />);
    expect(html).toContain('aria-label="Allow read a file"');
    expect(html).toContain('aria-label="Allow check against canon"');
    for (const id of CORE_TOOL_IDS) expect(html).not.toContain(`>${id}<`);
    const ticked = html.match(/<input type="checkbox" aria-label="Allow [^"]+" checked=""/g) ?? [];
    expect(ticked).toEqual(['<input type="checkbox" aria-label="Allow read a file" checked=""']);
    expect(html).toContain(`Lookups · 1 of ${CORE_TOOL_IDS.length} kinds`);
  });

  it('say when a lookup is required, and can be disabled while a round runs', () => {
    const html = renderToStaticMarkup(<ToolPolicyControls policy={{ requireTool: true }} onChange={() => undefined} disabled />);
    expect(html).toContain('Lookups · required');
    expect(html).toContain('<fieldset disabled=""');
  });
});
