import { describe, expect, it } from 'vitest';
import { problemAsFinding, sortFindings, type Finding } from './finding.js';

const finding = (severity: Finding['severity'], path: string, line: number): Finding => ({ kind: 'k', severity, message: '', path, line, quote: '' });

describe('findings', () => {
  it('sort by severity, then path, then line', () => {
    const sorted = sortFindings([finding('info', 'a.md', 1), finding('warning', 'b.md', 2), finding('error', 'b.md', 9), finding('error', 'a.md', 5), finding('warning', 'b.md', 1)]);
    expect(sorted.map((item) => `${item.severity}:${item.path}:${item.line}`)).toEqual(['error:a.md:5', 'error:b.md:9', 'warning:b.md:1', 'warning:b.md:2', 'info:a.md:1']);
  });

  it('turn a parse problem into a warning quoting its line', () => {
    expect(problemAsFinding({ code: 'front_matter_invalid', message: 'bad', path: 'a.md', line: 2 }, ['---', '  title: [x  ', '---'])).toEqual({
      kind: 'front_matter_invalid',
      severity: 'warning',
      message: 'bad',
      path: 'a.md',
      line: 2,
      quote: 'title: [x',
    });
  });
});
