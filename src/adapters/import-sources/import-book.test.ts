import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace } from '../fs-workspace/index.js';
import { loadManuscriptSnapshot } from '../../core/manuscript/index.js';
import { importBook } from './import-book.js';

let base: string;

async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
}

/** sha256 of every file under a folder, by relative path: the source must come out of an import as it went in. */
async function fingerprint(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else result[path.relative(root, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
    }
  };
  await walk(root);
  return result;
}

const paragraphOf = (name: string, day: string) =>
  `${name} came down the lane on ${day} with the milk churn knocking at her knee, and the mist over the reed beds was so thick that the mill sails turned in it like the arms of something drowned.`;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-import-'));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('importing an Obsidian-style vault', () => {
  it('classifies every note, keeps chapter order and titles, reports what was skipped, and leaves the vault untouched', async () => {
    const vault = path.join(base, 'Fen Vault');
    await writeTree(vault, {
      '.obsidian/app.json': '{}',
      'Manuscript/01 The Ferry.md': `# The Ferry\n\n${paragraphOf('Ilse', 'Monday')}\n\n"Cold," said [[Ilse Marten|Ilse]].\n\n${paragraphOf('Ilse', 'Monday')}\n`,
      'Manuscript/02 The Mill.md': `${paragraphOf('Ilse', 'Tuesday')}\n\n${paragraphOf('Tobin', 'Tuesday')}\n\n${paragraphOf('Ilse', 'Tuesday')}\n`,
      'Manuscript/10 Flood.md': `# Flood\n\n${paragraphOf('Ilse', 'Friday')}\n\n${paragraphOf('Ilse', 'Friday')}\n\n${paragraphOf('Ilse', 'Friday')}\n`,
      'Notes/Characters/Ilse Marten.md': '---\naliases: [Ilse]\n---\n# Ilse Marten\n- Eyes: hazel\n- Age: 41\n',
      'Notes/Places/Vellin.md': 'A mill town on the fen edge.\n',
      'Notes/Outline.md': '1. The Ferry — Ilse crosses (Monday)\n2. The Mill — Tobin (Tuesday)\n3. Flood — (Friday)\n',
      'Notes/Research/Windmills.md': '- Sails turn anticlockwise.\n',
      'Attachments/map.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]),
      'Notes/cover.jpg': Buffer.from([0xff, 0xd8, 0x00]),
    });
    const before = await fingerprint(vault);
    const progress: string[] = [];
    const workspace = path.join(base, 'fen-workspace');
    const report = await importBook({ source: vault, workspace, onProgress: (step) => void (step.current && progress.push(`${step.phase}:${step.current}`)) });
    expect(await fingerprint(vault)).toEqual(before);
    const where = Object.fromEntries(report.items.map((item) => [item.origin, `${item.action} ${item.path}`]));
    expect(where).toEqual({
      'Manuscript/01 The Ferry.md': 'created Story/Chapters/01 The Ferry.md',
      'Manuscript/02 The Mill.md': 'created Story/Chapters/02 The Mill.md',
      'Manuscript/10 Flood.md': 'created Story/Chapters/10 Flood.md',
      'Notes/Characters/Ilse Marten.md': 'created Compendium/Characters/Ilse Marten.md',
      'Notes/Places/Vellin.md': 'created Compendium/Places/Vellin.md',
      'Notes/Outline.md': 'created Story/Outline.md',
      'Notes/Research/Windmills.md': 'created Compendium/Lore/Windmills.md',
    });
    expect(report.skipped.map((item) => item.origin).sort()).toEqual(['Attachments/', 'Notes/cover.jpg']);
    expect(progress).toContain('reading:Manuscript/02 The Mill.md');
    expect(progress).toContain('writing:Notes/Outline.md');
    const chapter = await fs.readFile(path.join(workspace, 'Story/Chapters/01 The Ferry.md'), 'utf8');
    expect(chapter).toContain('"Cold," said Ilse.');
    // The workspace reads as a manuscript: chapters in order, the card, the outline.
    const snapshot = await loadManuscriptSnapshot(await FsWorkspace.open(workspace));
    expect(snapshot.scenes.map((scene) => scene.sceneNumber?.value)).toEqual([1, 2, 10]);
    expect(snapshot.outline?.path).toBe('Story/Outline.md');
    expect(snapshot.characters.map((card) => card.name.value)).toEqual(['Ilse Marten']);

    // Importing again changes nothing and duplicates nothing; a changed chapter is updated.
    await fs.appendFile(path.join(vault, 'Manuscript/02 The Mill.md'), '\nA new last line.\n');
    const again = await importBook({ source: vault, workspace });
    expect(again.items.map((item) => item.action).sort()).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'updated']);
    expect((await fs.readdir(path.join(workspace, 'Story/Chapters'))).sort()).toEqual(['01 The Ferry.md', '02 The Mill.md', '10 Flood.md']);
  });

  it('refuses a workspace inside the source, and a source that is not there', async () => {
    const vault = path.join(base, 'Small');
    await writeTree(vault, { 'a.md': 'text' });
    await expect(importBook({ source: vault, workspace: path.join(vault, 'ws') })).rejects.toMatchObject({ code: 'import_target_invalid' });
    await expect(importBook({ source: path.join(base, 'nothing'), workspace: path.join(base, 'ws') })).rejects.toMatchObject({ code: 'import_source_not_found' });
  });
});

describe('importing a .docx', () => {
  it('splits chapters at "Chapter …" lines, keeps a Characters section as cards, and skips the title page', async () => {
    const children = [
      new Paragraph({ text: 'The Reed Beds', heading: HeadingLevel.TITLE }),
      new Paragraph({ text: 'A novel by nobody' }),
      new Paragraph({ text: 'Chapter One: The Ferry', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ children: [new TextRun(paragraphOf('Ilse', 'Monday'))] }),
      new Paragraph({ children: [new TextRun({ text: '“Cold,” said Ilse.', italics: true })] }),
      new Paragraph({ text: 'Chapter Two: The Mill', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: paragraphOf('Tobin', 'Tuesday') }),
      new Paragraph({ text: 'Chapter 3', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: paragraphOf('Ilse', 'Friday') }),
      new Paragraph({ text: 'Characters', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: 'Ilse Marten', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: 'Eyes: hazel', bullet: { level: 0 } }),
      new Paragraph({ text: 'Tobin Rusk', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: 'Eyes: grey', bullet: { level: 0 } }),
      new Paragraph({ text: 'Outline', heading: HeadingLevel.HEADING_1 }),
      new Table({
        rows: [
          new TableRow({ children: ['Chapter', 'Title', 'Day'].map((text) => new TableCell({ children: [new Paragraph(text)] })) }),
          new TableRow({ children: ['1', 'The Ferry', 'Monday'].map((text) => new TableCell({ children: [new Paragraph(text)] })) }),
        ],
      }),
    ];
    const file = path.join(base, 'Reed Beds.docx');
    await fs.writeFile(file, await Packer.toBuffer(new Document({ sections: [{ children }] })));
    const workspace = path.join(base, 'reed-workspace');
    const report = await importBook({ source: file, workspace });
    expect(report.format).toBe('docx');
    expect(report.items.map((item) => `${item.kind} ${item.path}`)).toEqual([
      'chapter Story/Chapters/01 The Ferry.md',
      'chapter Story/Chapters/02 The Mill.md',
      'chapter Story/Chapters/03 Chapter 3.md',
      'character Compendium/Characters/Ilse Marten.md',
      'character Compendium/Characters/Tobin Rusk.md',
      'outline Story/Outline.md',
    ]);
    expect(report.skipped).toEqual([expect.objectContaining({ origin: 'Reed Beds.docx › before the first chapter' })]);
    const ferry = await fs.readFile(path.join(workspace, 'Story/Chapters/01 The Ferry.md'), 'utf8');
    expect(ferry.split('\n')[0]).toBe('# Chapter One: The Ferry');
    expect(ferry).toContain('“Cold,” said Ilse.');
    expect(await fs.readFile(path.join(workspace, 'Compendium/Characters/Tobin Rusk.md'), 'utf8')).toContain('- Eyes: grey');
    expect(await fs.readFile(path.join(workspace, 'Story/Outline.md'), 'utf8')).toContain('| 1 | The Ferry | Monday |');
  });

  it('splits a book with parts as Heading 1 and chapters as Heading 2 at the chapters, keeping each part as their group', async () => {
    const tideLine = (name: string) => `${name} walked the sea wall at low water while the gulls quarrelled over the nets, and the whole grey flat of the estuary shone like a plate left out in the rain.`;
    const children = [
      new Paragraph({ text: 'Part One: Neap', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: 'The Sea Wall', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: tideLine('Wenna') }),
      new Paragraph({ text: 'Oyster Beds', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: tideLine('Jory') }),
      new Paragraph({ text: 'Part Two: Spring', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: 'The Breach', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: tideLine('Wenna') }),
      new Paragraph({ text: 'Characters', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: 'Wenna Cole', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: 'Eyes: grey', bullet: { level: 0 } }),
      new Paragraph({ text: 'Jory Pascoe', heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ text: 'Eyes: brown', bullet: { level: 0 } }),
    ];
    const file = path.join(base, 'Estuary.docx');
    await fs.writeFile(file, await Packer.toBuffer(new Document({ sections: [{ children }] })));
    const workspace = path.join(base, 'estuary-workspace');
    const report = await importBook({ source: file, workspace });
    expect(report.items.map((item) => `${item.kind} ${item.path} ← ${item.origin}`)).toEqual([
      'chapter Story/Chapters/01 The Sea Wall.md ← Estuary.docx › Part One: Neap › The Sea Wall',
      'chapter Story/Chapters/02 Oyster Beds.md ← Estuary.docx › Part One: Neap › Oyster Beds',
      'chapter Story/Chapters/03 The Breach.md ← Estuary.docx › Part Two: Spring › The Breach',
      'character Compendium/Characters/Wenna Cole.md ← Estuary.docx › Characters › Wenna Cole',
      'character Compendium/Characters/Jory Pascoe.md ← Estuary.docx › Characters › Jory Pascoe',
    ]);
    expect(report.skipped.map((item) => item.origin)).toEqual(['Estuary.docx › Part One: Neap', 'Estuary.docx › Part Two: Spring']);
    const breach = await fs.readFile(path.join(workspace, 'Story/Chapters/03 The Breach.md'), 'utf8');
    expect(breach.split('\n')[0]).toBe('# The Breach');
    expect(breach).not.toContain('Oyster');
  });

  it('reports a file that is not a Word document', async () => {
    const file = path.join(base, 'broken.docx');
    await fs.writeFile(file, 'not a zip');
    await expect(importBook({ source: file, workspace: path.join(base, 'broken-ws') })).rejects.toMatchObject({ code: 'import_source_unreadable' });
  });
});

const rtf = (...paragraphs: string[]) =>
  `{\\rtf1\\ansi\\ansicpg1252\\cocoartf2639\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n{\\colortbl;\\red255\\green255\\blue255;}\n\\pard\\tx560\\pardirnatural\\partightenfactor0\n\\f0\\fs24 \\cf0 ${paragraphs.join('\\\n')}}`;

describe('importing a Scrivener 3 project', () => {
  it('takes the Draft\'s chapters in binder order and the Research, Characters and Places notes into the Compendium', async () => {
    const project = path.join(base, 'Fen.scriv');
    const item = (uuid: string, type: string, title: string, children = '') => `<BinderItem UUID="${uuid}" Type="${type}"><Title>${title}</Title>${children ? `<Children>${children}</Children>` : ''}</BinderItem>`;
    const binder = [
      item('D', 'DraftFolder', 'Draft', [
        item('C2', 'Folder', 'The Mill', item('S21', 'Text', 'Morning') + item('S22', 'Text', 'Evening')),
        item('C1', 'Text', 'The Ferry &amp; the Fog'),
      ].join('')),
      item('R', 'ResearchFolder', 'Research', item('R1', 'Text', 'Windmills') + item('R2', 'PDF', 'Map')),
      item('CH', 'Folder', 'Characters', item('P1', 'Text', 'Ilse Marten')),
      item('PL', 'Folder', 'Places', item('V1', 'Text', 'Vellin')),
      item('T', 'TrashFolder', 'Trash', item('X1', 'Text', 'Old opening')),
    ].join('');
    await writeTree(project, {
      'Fen.scrivx': `<?xml version="1.0" encoding="UTF-8"?>\n<ScrivenerProject Version="2.0"><Binder>${binder}</Binder></ScrivenerProject>`,
      'Files/Data/C1/content.rtf': rtf('Ilse\\\'92s ferry was late.', '\\uc0\\u8220 Cold,\\u8221  she said \\endash  and meant it.'),
      'Files/Data/C1/synopsis.txt': 'Ilse crosses on Monday.',
      'Files/Data/S21/content.rtf': rtf('Tobin opened the mill at six.'),
      // A chapter folder with no synopsis of its own is planned by its scenes' synopses.
      'Files/Data/S21/synopsis.txt': 'Tobin opens the mill on Tuesday.',
      'Files/Data/S22/synopsis.txt': 'The sails stop.',
      'Files/Data/S22/content.rtf': rtf('By evening the sails had stopped.'),
      'Files/Data/R1/content.rtf': rtf('Sails turn anticlockwise.'),
      'Files/Data/P1/content.rtf': rtf('Eyes: hazel', 'Age: 41'),
      'Files/Data/V1/content.rtf': rtf('A mill town on the fen edge.'),
      'Files/Data/X1/content.rtf': rtf('Discarded.'),
    });
    const workspace = path.join(base, 'scriv-workspace');
    const report = await importBook({ source: project, workspace });
    expect(report.format).toBe('scrivener');
    expect(report.items.map((entry) => `${entry.kind} ${entry.path}`)).toEqual([
      'chapter Story/Chapters/01 The Mill.md',
      'chapter Story/Chapters/02 The Ferry & the Fog.md',
      'lore Compendium/Lore/Windmills.md',
      'character Compendium/Characters/Ilse Marten.md',
      'place Compendium/Places/Vellin.md',
      'outline Story/Outline.md',
    ]);
    expect(report.skipped.map((entry) => entry.reason).sort()).toEqual(['in the Trash', 'not text (PDF)']);
    expect(await fs.readFile(path.join(workspace, 'Story/Chapters/02 The Ferry & the Fog.md'), 'utf8')).toBe('# The Ferry & the Fog\n\nIlse’s ferry was late.\n\n“Cold,” she said – and meant it.\n');
    expect(await fs.readFile(path.join(workspace, 'Story/Chapters/01 The Mill.md'), 'utf8')).toBe('# The Mill\n\nTobin opened the mill at six.\n\n* * *\n\nBy evening the sails had stopped.\n');
    expect(await fs.readFile(path.join(workspace, 'Story/Outline.md'), 'utf8')).toContain('## The Ferry & the Fog\n\n- Ilse crosses on Monday.');
    expect(await fs.readFile(path.join(workspace, 'Story/Outline.md'), 'utf8')).toContain('## The Mill\n\n- Tobin opens the mill on Tuesday.\n- The sails stop.');
  });

  it('reads a folder named as a part, or one of documents titled as chapters, as a part of chapters', async () => {
    const item = (uuid: string, type: string, title: string, children = '') => `<BinderItem UUID="${uuid}" Type="${type}"><Title>${title}</Title>${children ? `<Children>${children}</Children>` : ''}</BinderItem>`;
    const binder = item('D', 'DraftFolder', 'Draft', [
      item('P1', 'Folder', 'Part One', item('A1', 'Text', 'Picking Begins') + item('A2', 'Text', 'The Measurer')),
      item('P2', 'Folder', 'The Later Weeks', item('B1', 'Text', '3. The Oast') + item('B2', 'Text', '4. The Last Bin')),
      // A chapter folder of scenes stays one chapter.
      item('C5', 'Folder', 'Paying Off', item('S1', 'Text', 'Morning') + item('S2', 'Text', 'Evening')),
    ].join(''));
    const project = path.join(base, 'Hops.scriv');
    await writeTree(project, {
      'Hops.scrivx': `<?xml version="1.0" encoding="UTF-8"?>\n<ScrivenerProject Version="2.0"><Binder>${binder}</Binder></ScrivenerProject>`,
      ...Object.fromEntries(['A1', 'A2', 'B1', 'B2', 'S1', 'S2'].map((uuid) => [`Files/Data/${uuid}/content.rtf`, rtf(`Text of ${uuid}.`)])),
    });
    const report = await importBook({ source: project, workspace: path.join(base, 'hops-workspace') });
    expect(report.items.map((entry) => `${entry.kind} ${entry.path} ← ${entry.origin}`)).toEqual([
      'chapter Story/Chapters/01 Picking Begins.md ← Draft › Part One › Picking Begins',
      'chapter Story/Chapters/02 The Measurer.md ← Draft › Part One › The Measurer',
      'chapter Story/Chapters/03 3. The Oast.md ← Draft › The Later Weeks › 3. The Oast',
      'chapter Story/Chapters/04 4. The Last Bin.md ← Draft › The Later Weeks › 4. The Last Bin',
      'chapter Story/Chapters/05 Paying Off.md ← Draft › Paying Off',
    ]);
  });
});

describe('importing a writer\'s folder of Word documents, sheets, RTF and a Scrivener project', () => {
  const cells = (...texts: string[]) => new TableRow({ children: texts.map((text) => new TableCell({ children: [new Paragraph(text)] })) });
  const docx = async (children: Array<Paragraph | Table>) => Packer.toBuffer(new Document({ sections: [{ children }] }));

  it('splits the book .docx into chapters, reads a notes .docx whole, a CSV cast as a table, RTF notes, and skips what it cannot read', async () => {
    const source = path.join(base, 'word-folder');
    await writeTree(source, {
      'Hollow Marsh - draft 2.docx': await docx([
        new Paragraph({ text: 'Chapter One', heading: HeadingLevel.HEADING_1 }),
        new Paragraph({ text: paragraphOf('Ilse', 'Monday') }),
        new Paragraph({ text: 'Chapter Two', heading: HeadingLevel.HEADING_1 }),
        new Paragraph({ children: [new TextRun('Tobin '), new TextRun({ text: 'never', italics: true }), new TextRun(' came back on Tuesday.')] }),
        new Paragraph({ text: paragraphOf('Tobin', 'Tuesday') }),
      ]),
      'Character notes.docx': await docx([
        new Paragraph({ text: 'Ilse Marten', heading: HeadingLevel.HEADING_2 }),
        new Paragraph({ text: 'Eyes – hazel' }),
        new Paragraph({ text: 'Tobin Rusk', heading: HeadingLevel.HEADING_2 }),
        new Paragraph({ text: 'Eyes – grey. Left-handed.' }),
      ]),
      'Chapter plan.docx': await docx([new Table({ rows: [cells('Ch.', 'Day and date', 'What happens'), cells('1', 'Monday 4 June 1962', 'Ilse comes down the lane'), cells('2', 'Tuesday 5 June 1962', 'Tobin, at the mill')] })]),
      'places.csv': 'Place,Details\n"Vellin Mill","Five storeys, 112 steps; the sails face west"\nReed Beds,"Three miles of reed, cut in winter"\n',
      'research/windmills.rtf': rtf('Sails turn anticlockwise in this county.'),
      'research/old draft.doc': 'binary',
      '~$llow Marsh - draft 2.docx': 'lock',
      'broken.docx': 'not a zip',
    });
    const before = await fingerprint(source);
    const workspace = path.join(base, 'word-folder-workspace');
    const report = await importBook({ source, workspace });
    expect(report.format).toBe('folder');
    expect(report.items.map((item) => `${item.kind} ${item.path} ← ${item.origin}`).sort()).toEqual([
      'chapter Story/Chapters/01 Chapter One.md ← Hollow Marsh - draft 2.docx › Chapter One',
      'chapter Story/Chapters/02 Chapter Two.md ← Hollow Marsh - draft 2.docx › Chapter Two',
      'character Compendium/Characters/Ilse Marten.md ← Character notes.docx › Ilse Marten',
      'character Compendium/Characters/Tobin Rusk.md ← Character notes.docx › Tobin Rusk',
      'lore Compendium/Lore/windmills.md ← research/windmills.rtf',
      'outline Story/Outline.md ← Chapter plan.docx',
      'place Compendium/Places/Reed Beds.md ← places.csv › Reed Beds',
      'place Compendium/Places/Vellin Mill.md ← places.csv › Vellin Mill',
    ]);
    const reasons = Object.fromEntries(report.skipped.map((item) => [item.origin, item.reason]));
    expect(reasons['research/old draft.doc']).toMatch(/save it as \.docx/);
    expect(reasons['broken.docx']).toMatch(/could not be read as a Word document/);
    expect(Object.keys(reasons).some((origin) => origin.startsWith('~$'))).toBe(false);
    expect(await fs.readFile(path.join(workspace, 'Story/Chapters/02 Chapter Two.md'), 'utf8')).toContain('Tobin never came back on Tuesday.');
    expect(await fs.readFile(path.join(workspace, 'Compendium/Places/Vellin Mill.md'), 'utf8')).toContain('112 steps');
    expect(await fs.readFile(path.join(workspace, 'Story/Outline.md'), 'utf8')).toContain('| 2 | Tuesday 5 June 1962 | Tobin, at the mill |');
    expect(await fingerprint(source)).toEqual(before);
  });

  it('reads a Scrivener project kept inside the folder as a project, beside the folder\'s own notes', async () => {
    const source = path.join(base, 'scriv-folder');
    const item = (uuid: string, type: string, title: string, children = '') => `<BinderItem UUID="${uuid}" Type="${type}"><Title>${title}</Title>${children ? `<Children>${children}</Children>` : ''}</BinderItem>`;
    const binder = item('D', 'DraftFolder', 'Draft', item('C1', 'Text', 'The Weir') + item('C2', 'Text', 'The Chapel'));
    await writeTree(source, {
      'Weir.scriv/Weir.scrivx': `<?xml version="1.0" encoding="UTF-8"?>\n<ScrivenerProject Version="2.0"><Binder>${binder}</Binder></ScrivenerProject>`,
      'Weir.scriv/Files/Data/C1/content.rtf': rtf('Ilse watched the water rise.'),
      'Weir.scriv/Files/Data/C2/content.rtf': rtf('The chapel bell rang under the water.'),
      'cast.tsv': 'Name\tEyes\nIlse Marten\thazel\n',
    });
    const report = await importBook({ source, workspace: path.join(base, 'scriv-folder-workspace') });
    expect(report.items.map((entry) => `${entry.kind} ${entry.path} ← ${entry.origin}`)).toEqual([
      'chapter Story/Chapters/01 The Weir.md ← Weir.scriv › Draft › The Weir',
      'chapter Story/Chapters/02 The Chapel.md ← Weir.scriv › Draft › The Chapel',
      'character Compendium/Characters/Ilse Marten.md ← cast.tsv › Ilse Marten',
    ]);
  });
});
