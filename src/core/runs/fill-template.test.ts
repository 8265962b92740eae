import { describe, expect, it } from 'vitest';
import { ControlRoomError } from '../../protocol/index.js';
import type { RecipeStep } from '../../protocol/runs.js';
import { stepArguments } from './execute-tool-step.js';
import { fillTemplate, unfilledPlaceholders } from './fill-template.js';

const item = { path: 'Story/Scenes/SCN-01-the-lamp-room.md', name: 'SCN-01-the-lamp-room' };

describe('fillTemplate', () => {
  it('fills item and argument placeholders in nested values', () => {
    expect(fillTemplate({ scene_path: '{{item.path}}', file_paths: ['{{ item.path }}'], note: 'about {{item.name}} in {{args.mode}}' }, { item, args: { mode: 'strict' } })).toEqual({
      scene_path: item.path,
      file_paths: [item.path],
      note: 'about SCN-01-the-lamp-room in strict',
    });
  });

  it('gives a whole placeholder the value as it is', () => {
    expect(fillTemplate({ paths: '{{args.paths}}', depth: '{{args.depth}}' }, { item: null, args: { paths: ['a', 'b'], depth: 3 } })).toEqual({ paths: ['a', 'b'], depth: 3 });
  });

  it('leaves unknown placeholders for the caller to report', () => {
    const filled = fillTemplate({ a: '{{args.missing}}', b: 'x {{item.path}}' }, { item: null, args: {} });
    expect(unfilledPlaceholders(filled)).toEqual(['{{args.missing}}', '{{item.path}}']);
  });
});

describe('stepArguments', () => {
  const step: RecipeStep = { id: 'canon', kind: 'tool', tool: 'canon_checker', args: { mode: 'strict', scene_path: 'old' }, args_template: { scene_path: '{{item.path}}' } };

  it('lays the filled template over the fixed arguments', () => {
    expect(stepArguments(step, item, {})).toEqual({ mode: 'strict', scene_path: item.path });
  });

  it('refuses a placeholder that cannot be filled, naming the step', () => {
    expect(() => stepArguments(step, null, {})).toThrow(ControlRoomError);
    expect(() => stepArguments(step, null, {})).toThrow(/Step "canon" leaves \{\{item.path\}\} unfilled/);
  });
});
