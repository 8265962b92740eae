/**
 * file-locator: `file_locator` FAST_SCAN over a generated workspace of 10,000 files (warm: the
 * second and later queries) against a naive baseline that walks the disk and matches every path on
 * each query. Target (issue "Proof under pressure"): ≤20 ms per warm query.
 */
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsWorkspace } from '../src/adapters/fs-workspace/index.js';
import { InMemoryIssueStore } from '../src/core/testing/index.js';
import { fileLocatorTool } from '../src/core/tools/index.js';
import { measureAsync, result, type Benchmark } from './harness.js';

const FILES = 10_000;
const QUERIES = ['harbour 4217', 'CHAR-keeper-77', 'tide', 'SCN-0999', 'lamp room 12'];

function generateWorkspace(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cr-bench-locator-'));
  const scenes = path.join(root, 'Story/Scenes');
  const characters = path.join(root, 'Compendium/Characters');
  mkdirSync(scenes, { recursive: true });
  mkdirSync(characters, { recursive: true });
  const words = ['harbour', 'tide', 'lamp-room', 'keeper', 'bell', 'quay', 'glass', 'storm'];
  for (let index = 0; index < FILES; index += 1) {
    const word = words[index % words.length];
    const folder = index % 10 === 0 ? characters : scenes;
    const name = folder === characters ? `CHAR-${word}-${index}.md` : `SCN-${String(index).padStart(4, '0')}-${word}-${index % 97}.md`;
    writeFileSync(path.join(folder, name), `# ${word} ${index}\n`);
  }
  return root;
}

/** The naive way: walk the disk and score every path for every query. */
function naiveLocate(root: string, query: string): string[] {
  const terms = query.toLowerCase().split(/[\s_-]+/).filter(Boolean);
  const found: string[] = [];
  const walk = (folder: string, relative: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), child);
      else if (terms.some((term) => child.toLowerCase().includes(term))) found.push(child);
    }
  };
  walk(path.join(root, 'Story'), 'Story');
  walk(path.join(root, 'Compendium'), 'Compendium');
  return found.slice(0, 12);
}

const benchmark: Benchmark = {
  name: 'file_locator over 10,000 files',
  run: async () => {
    const root = generateWorkspace();
    try {
      const workspace = await FsWorkspace.open(root);
      const context = { workspace, issues: new InMemoryIssueStore(), agents: [] };
      let turn = 0;
      const ours = async () => {
        const query = QUERIES[turn++ % QUERIES.length]!;
        await fileLocatorTool.run({ search_criteria: query, scan_mode: 'FAST_SCAN', max_results: 12 }, context);
      };
      await ours();
      const oursRate = await measureAsync(ours, { ms: 3000 });
      let naiveTurn = 0;
      const naiveRate = await measureAsync(async () => naiveLocate(root, QUERIES[naiveTurn++ % QUERIES.length]!), { ms: 3000 });
      const warmMs = 1000 / oursRate;
      return result('file_locator over 10,000 files', `${FILES.toLocaleString('en-US')} files, FAST_SCAN, warm`, { label: 'file_locator', opsPerSecond: oursRate }, { label: 'walk disk + match', opsPerSecond: naiveRate }, [
        `warm query: ${warmMs.toFixed(1)} ms (target ≤20 ms: ${warmMs <= 20 ? 'met' : 'not met'} on this machine)`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};

export default benchmark;
