import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shapeRequest } from './request-shape.js';

describe('shapeRequest', () => {
  it.each([
    'fix it', 'Make it better', 'can you improve this?', 'Please check everything', 'help', 'Could you just polish it a bit more',
    'rewrite that again', 'look at this', 'do it properly now!', 'fix it and then make it better', 'tidy up these',
  ])('asks to clarify an ask with nothing named: %s', (message) => {
    const shape = shapeRequest(message);
    expect(shape.kind).toBe('ambiguous');
    if (shape.kind !== 'ambiguous') return;
    expect(shape.questions.length).toBeGreaterThanOrEqual(1);
    expect(shape.questions.length).toBeLessThanOrEqual(2);
    for (const question of shape.questions) expect(question.trim().endsWith('?')).toBe(true);
  });

  it.each([
    ['Check the timeline in chapter 2, then compare Mara\'s eye colour and list every scar', 3],
    ['1. find where Jon first appears\n2. check his age against the outline\n3. list the open issues', 3],
    ['Please: 1) read the prologue 2) summarise the opening scene', 2],
    ['Review the outline and then check the canon for Mara', 2],
    ['First, locate the harbour scene. After that, verify the weather matches chapter one. Finally, flag any name changes', 3],
    ['check the prose of chapter three and compare the dialogue with chapter four', 2],
    ['- search for the red door\n- tell me who owns it', 2],
  ])('plans a request of several asks: %s', (message, count) => {
    const shape = shapeRequest(message);
    expect(shape.kind).toBe('multi_step');
    if (shape.kind !== 'multi_step') return;
    expect(shape.steps).toHaveLength(count);
    for (const step of shape.steps) expect(step).toMatch(/^[A-Z0-9]/u);
  });

  it.each([
    'What colour are Mara\'s eyes?', 'Where does Jon first appear?', 'fix the timeline in chapter 3', 'Make the harbour scene tighter',
    'If she left at dawn, then who lit the fire?', 'She left, and then what happened to the key?', 'What happens next in chapter 3?',
    'List the characters and their eye colours', 'hello', 'thanks!', 'Check "the red door" please', 'Is Mara older than Jon and Tom?',
    'Mara also has green eyes in chapter 2, right?', 'Compare Mara and Jon',
  ])('keeps a single clear ask as it is: %s', (message) => {
    expect(shapeRequest(message)).toEqual({ kind: 'clear' });
  });

  it('is deterministic, total, and never yields empty steps or more than two questions', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (message) => {
        const shape = shapeRequest(message);
        expect(shapeRequest(message)).toEqual(shape);
        if (shape.kind === 'multi_step') for (const step of shape.steps) expect(step.trim().length).toBeGreaterThan(0);
        if (shape.kind === 'ambiguous') expect(shape.questions.length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });

  it('never treats a request naming a chapter, quote or name as unclear', () => {
    const vague = fc.constantFrom('fix', 'improve', 'check', 'make better', 'look at');
    const object = fc.constantFrom('chapter 4', '"the red door"', 'the harbour scene', "Mara's scar", 'the outline');
    fc.assert(fc.property(vague, object, (verb, thing) => shapeRequest(`${verb} ${thing}`).kind !== 'ambiguous'));
  });
});
