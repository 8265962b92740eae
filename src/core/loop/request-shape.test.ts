import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { joinClarifiedAsk, shapeFollowUp, shapeRequest } from './request-shape.js';

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

describe('shapeFollowUp', () => {
  const vague = ['Can you fix it and make it better?'];

  it('acts on an answer that names what the ask was about, without turning the ask into steps of its own', () => {
    expect(shapeRequest(joinClarifiedAsk(vague, 'Chapter one, the timeline.')).kind).toBe('multi_step');
    expect(shapeFollowUp(vague, 'Chapter one, the timeline.')).toEqual({ kind: 'clear' });
    expect(shapeFollowUp(vague, 'Hester’s card')).toEqual({ kind: 'clear' });
  });

  it('plans an answer of several asks by its own steps', () => {
    expect(shapeFollowUp(vague, '1. read Hester’s card\n2. check her eye colour in chapter one')).toEqual({
      kind: 'multi_step',
      steps: ['Read Hester’s card', 'Check her eye colour in chapter one'],
    });
  });

  it('asks again when the ask and the answer together still name nothing', () => {
    expect(shapeFollowUp(vague, 'the whole thing').kind).toBe('ambiguous');
    expect(shapeFollowUp(['fix it', 'all of it'], 'just do it properly').kind).toBe('ambiguous');
  });

  it('is shapeRequest when there is no earlier ask', () => {
    for (const message of ['fix it', 'What colour are Mara\'s eyes?', '1. find Jon\n2. list the open issues']) {
      expect(shapeFollowUp([], message)).toEqual(shapeRequest(message));
    }
  });

  it('joins the earlier asks and the answer in order, one a line', () => {
    expect(joinClarifiedAsk(['fix it ', ' the whole thing'], ' chapter 2 ')).toBe('fix it\nthe whole thing\nchapter 2');
    expect(joinClarifiedAsk([], 'chapter 2')).toBe('chapter 2');
  });
});
