import { describe, expect, it } from 'vitest';
import { parseAbsenceDetail } from './parse-absence-detail.js';

const scope = (detail: string) => parseAbsenceDetail(detail, 0).scope.map((item) => `${item.kind}:${item.text}`);
const terms = (detail: string) => parseAbsenceDetail(detail, 0).terms.map((term) => term.text);

describe('parseAbsenceDetail', () => {
  it('finds paths, scene ids, numbered ranges and whole-manuscript scopes', () => {
    expect(scope('checked Story/Scenes/SCN-01…SCN-08 for "locket"')).toEqual(['path:Story/Scenes/SCN-01', 'scene:SCN-08']);
    expect(scope('checked scenes 1–8 and Canon.md')).toEqual(['range:scenes 1–8', 'path:Canon.md']);
    expect(scope('searched Act 2 and every scene of the book')).toEqual(['range:Act 2', 'all:every scene', 'all:the book']);
    expect(scope('checked SCN-01…08, scenes one to three and the Compendium')).toEqual(['range:SCN-01…08', 'range:scenes one to three', 'all:the Compendium']);
    expect(scope('no locket anywhere')).toEqual([]);
  });

  it('takes quoted terms, else the word after "for" or "mentions of"', () => {
    expect(terms('checked scenes 1-8 for “locket” and "chain"')).toEqual(['locket', 'chain']);
    expect(terms('checked scenes 1-8 for locket')).toEqual(['locket']);
    expect(terms('no mentions of Catriona in Act 1')).toEqual(['Catriona']);
    expect(terms('checked scenes 1-8')).toEqual([]);
  });
});
