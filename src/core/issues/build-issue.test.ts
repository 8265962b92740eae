import { describe, expect, it } from 'vitest';
import { applyIssueChange, buildIssue } from './build-issue.js';
import { nextIssueId } from './issue-ids.js';
import { sortIssues } from './sort-issues.js';

const NOW = '2025-03-01T10:00:00.000Z';
const LATER = '2025-03-02T10:00:00.000Z';

describe('buildIssue', () => {
  it('fills defaults around what the caller gave', () => {
    expect(buildIssue({ title: 'Eyes' }, 'ISS-1', NOW)).toEqual({
      schema_version: 1,
      id: 'ISS-1',
      title: 'Eyes',
      body: '',
      status: 'open',
      priority: 'normal',
      tags: [],
      assignedTo: null,
      personalTags: {},
      interestLevel: 0,
      receiptIds: [],
      sessionId: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it('refuses an invalid issue with the field at fault', () => {
    expect(() => buildIssue({ title: '' }, 'ISS-1', NOW)).toThrow(expect.objectContaining({ code: 'issue_invalid', message: expect.stringContaining('title') }));
    expect(() => buildIssue({ title: 'x', interestLevel: 9 }, 'ISS-1', NOW)).toThrow(/interestLevel/);
  });
});

describe('applyIssueChange', () => {
  const issue = buildIssue({ title: 'Eyes', tags: ['continuity'] }, 'ISS-1', NOW);

  it('applies the change, stamps updatedAt and ignores undefined values', () => {
    const changed = applyIssueChange(issue, { status: 'closed', tags: undefined }, LATER);
    expect(changed).toEqual({ ...issue, status: 'closed', updatedAt: LATER });
  });

  it('never changes the id, schema version or creation time', () => {
    const sneaky = { id: 'ISS-9', createdAt: LATER, schema_version: 2, title: 'New' } as never;
    expect(applyIssueChange(issue, sneaky, LATER)).toMatchObject({ id: 'ISS-1', createdAt: NOW, schema_version: 1, title: 'New' });
  });

  it('refuses unknown fields and bad values', () => {
    expect(() => applyIssueChange(issue, { colour: 'red' } as never, LATER)).toThrow(expect.objectContaining({ code: 'issue_invalid' }));
    expect(() => applyIssueChange(issue, { priority: 'whenever' } as never, LATER)).toThrow(/priority/);
  });
});

describe('nextIssueId', () => {
  it('counts on from the highest ISS number and ignores other ids', () => {
    expect(nextIssueId([])).toBe('ISS-1');
    expect(nextIssueId([{ id: 'ISS-2' }, { id: 'ISS-10' }, { id: 'imported-77' }, { id: 'ISS-x' }])).toBe('ISS-11');
  });
});

describe('sortIssues', () => {
  it('orders by priority, then newest, then id', () => {
    const make = (id: string, priority: 'low' | 'urgent' | 'normal', createdAt: string) => ({ ...buildIssue({ title: id, priority }, id, createdAt) });
    const sorted = sortIssues([make('ISS-1', 'low', NOW), make('ISS-2', 'normal', NOW), make('ISS-3', 'normal', LATER), make('ISS-4', 'urgent', NOW), make('ISS-10', 'normal', LATER)]);
    expect(sorted.map((issue) => issue.id)).toEqual(['ISS-4', 'ISS-10', 'ISS-3', 'ISS-2', 'ISS-1']);
  });
});
