import { describe, expect, it } from 'vitest';
import { TOOL_CALL_REQUIRED_LINE } from '../../protocol/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { buildToolCatalog, coreTools, mergeToolCatalog, renderToolCatalog, ToolRegistry } from '../tools/index.js';
import { buildToolPhasePrompt } from './build-prompts.js';

const registry = new ToolRegistry(coreTools());
const catalogText = renderToolCatalog(mergeToolCatalog({ global: buildToolCatalog(registry) }).tools, registry);
const NONCE = '0190f3a2-7b1c-7d4e-9f00-123456789abc';

describe('the tool-phase prompt', () => {
  it('keeps the first request of a turn within 5,000 characters for every agent, catalog included', () => {
    const message = 'Does Hester ever mention the colour of her eyes before the storm scene, and does anyone contradict her later? '.repeat(2);
    for (const agent of defaultAgentsFile().agents) {
      for (const requireTool of [false, true]) {
        const prompt = buildToolPhasePrompt({ catalogText, nonce: NONCE, requireTool, agent });
        expect(prompt.length + message.length, agent.id).toBeLessThanOrEqual(5000);
      }
    }
  });

  it('carries the nonce line, the required flag when a call is required, and every tool', () => {
    const prompt = buildToolPhasePrompt({ catalogText, nonce: NONCE, requireTool: true, lean: true });
    expect(prompt.split('\n')).toContain(`TOOL_NONCE: ${NONCE}`);
    expect(prompt.split('\n')).toContain(TOOL_CALL_REQUIRED_LINE);
    for (const id of registry.ids()) expect(prompt).toContain(`- ${id}(`);
    expect(prompt).not.toMatch(/writers' room/);
  });
});
