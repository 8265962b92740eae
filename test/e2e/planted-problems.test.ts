/**
 * The sample manuscript carries planted continuity problems, listed in its PLANTED.md. Every one
 * must be found by the tool it names, at its file and line, with its quote; and running all four
 * analysis tools over the whole manuscript must report no other error.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace } from '../../src/adapters/fs-workspace/index.js';
import type { FileRef } from '../../src/protocol/index.js';
import type { Finding } from '../../src/core/manuscript/index.js';
import { InMemoryIssueStore } from '../../src/core/testing/index.js';
import { canonCheckerTool } from '../../src/core/tools/canon-checker.js';
import { consistencyCheckerTool } from '../../src/core/tools/consistency-checker.js';
import { outlineAnalyzerTool } from '../../src/core/tools/outline-analyzer.js';
import { sceneDraftValidatorTool } from '../../src/core/tools/scene-draft-validator.js';
import type { ToolContext } from '../../src/core/tools/tool-definition.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../examples/glass-harbour');

interface PlantedProblem {
  id: string;
  kind: string;
  file: string;
  line: number;
  quote: string;
  canonSource: string;
  tool: string;
}

interface Reported {
  tool: string;
  finding: Finding;
  fileRefs: FileRef[];
}

/** Reads the `| id | kind | file | line | quote | canon source | expected tool |` table. */
function parsePlanted(markdown: string): PlantedProblem[] {
  const rows = markdown.split('\n').filter((line) => /^\|\s*P\d+\s*\|/.test(line));
  return rows.map((row) => {
    const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
    const [id, kind, file, line, quote, canonSource, tool] = cells as [string, string, string, string, string, string, string];
    return { id, kind, file, line: Number(line), quote: quote.replace(/^`|`$/g, ''), canonSource, tool };
  });
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let planted: PlantedProblem[];
let context: ToolContext;
let reported: Reported[];
let scenes: string[];

beforeAll(async () => {
  planted = parsePlanted(await fs.readFile(path.join(SAMPLE, 'PLANTED.md'), 'utf8'));
  context = { workspace: await FsWorkspace.open(SAMPLE), issues: new InMemoryIssueStore(), agents: [] };
  scenes = (await context.workspace.listFiles()).filter((file) => /^Story\/Scenes\/SCN-.+\.md$/.test(file));
  reported = [];
  const collect = (tool: string, output: { result: Record<string, unknown>; fileRefs: FileRef[] }, key: 'findings' | 'problems') => {
    for (const finding of output.result[key] as Finding[]) reported.push({ tool, finding, fileRefs: output.fileRefs });
  };
  collect('outline_analyzer', await outlineAnalyzerTool.run({ mode: 'beats' }, context), 'problems');
  for (let start = 0; start < scenes.length; start += 10) {
    collect('consistency_checker', await consistencyCheckerTool.run({ file_paths: scenes.slice(start, start + 10), focus: 'general' }, context), 'findings');
  }
  for (const scene of scenes) {
    collect('canon_checker', await canonCheckerTool.run({ scene_path: scene, mode: 'strict' }, context), 'findings');
    collect('scene_draft_validator', await sceneDraftValidatorTool.run({ scene_path: scene, include_canon: true }, context), 'findings');
  }
});

describe('the planted problems of the sample manuscript', () => {
  it('lists several problems, each naming one of the four tools', () => {
    expect(planted.length).toBeGreaterThanOrEqual(5);
    expect(scenes.length).toBeGreaterThanOrEqual(10);
    for (const problem of planted) {
      expect(['outline_analyzer', 'consistency_checker', 'canon_checker', 'scene_draft_validator']).toContain(problem.tool);
    }
  });

  it('finds each one with its expected tool, at its file and line, quoting it, as an error', async () => {
    for (const problem of planted) {
      const found = reported.find(
        ({ tool, finding }) => tool === problem.tool && finding.severity === 'error' && finding.path === problem.file && finding.line === problem.line && finding.quote.includes(problem.quote),
      );
      expect(found, `${problem.id} (${problem.kind}) not found by ${problem.tool} at ${problem.file}:${problem.line}`).toBeDefined();
      // The canon side points at the file PLANTED.md names as the source.
      const canonFile = problem.canonSource.split(/[#\s]/)[0]!;
      expect(found!.finding.canon?.path, problem.id).toBe(canonFile);
      expect(found!.finding.canon?.quote, problem.id).toBeTruthy();
      // The receipt's file refs cover the quoted line, hashed exactly as the workspace reads it.
      const ref = found!.fileRefs.find((candidate) => candidate.path === problem.file && candidate.start_line <= problem.line && candidate.end_line >= problem.line);
      expect(ref, `${problem.id}: no file ref for the quoted line`).toBeDefined();
      const excerpt = await context.workspace.read(ref!.path, { start: ref!.start_line, end: ref!.end_line });
      expect(ref!.sha256).toBe(sha256(excerpt.content));
    }
  });

  it('reports no other error anywhere in the manuscript (no false positives)', () => {
    const unexpected = reported
      .filter(({ finding }) => finding.severity === 'error')
      .filter(({ finding }) => !planted.some((problem) => problem.file === finding.path && problem.line === finding.line))
      .map(({ tool, finding }) => `${tool}: ${finding.kind} at ${finding.path}:${finding.line} — ${finding.message}`);
    expect(unexpected).toEqual([]);
  });
});
