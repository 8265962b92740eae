/**
 * Texts that hold no secret and must come through scrubbing unchanged: the paragraphs of the
 * bundled sample novel, and near-misses a writer's notes are full of — hashes, long words, ISBNs,
 * UUIDs, URLs, paths, ids, and strings shaped almost like keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sampleManuscriptDir } from '../../../src/adapters/fs-store/index.js';

/** Every paragraph of the sample manuscript (scenes, outline, compendium), as written. */
export function manuscriptParagraphs(): string[] {
  const paragraphs: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) paragraphs.push(...readFileSync(full, 'utf8').split(/\n\s*\n/).map((part) => part.trim()).filter((part) => part.length > 0));
    }
  };
  walk(sampleManuscriptDir());
  return paragraphs;
}

/** Near-misses: each line holds something shaped like data, and none of it is a credential. */
export const NEAR_MISSES: readonly string[] = [
  // Hashes and checksums in prose.
  'The archive copy checks out: sha256 9f2c1e7a4b3d8f60c5e21a9b7d4f3e8c1a6b2d9e0f7c4a3b8e1d6f2a9c7b0e5d4.',
  'Commit 4e1f9c2 fixed the chapter numbering; the full hash is 4e1f9c2a7b3d6e8f0a1c5b9d2e7f3a6c8b4d1e0f.',
  'md5 of the cover file: 7d793037a0760186574b0282f2f435e7 (matches the printer’s proof).',
  'git log shows a3f9d12c0b7e4c65a1d2e3f4b5c6d7e8f9a0b1c2 as the last good draft.',
  'The cover image loads with integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC".',
  'Checksum: n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg= (sha256 of the exported EPUB).',
  // Long words and compounds.
  'Pneumonoultramicroscopicsilicovolcanoconiosis was the longest word Tam had ever spelled aloud.',
  'It was a never-to-be-forgotten, once-in-a-lifetime, across-the-harbour-and-back sort of evening.',
  'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch appeared on the station sign in the photograph.',
  'The counterrevolutionaries’ internationalisation committee met in the antidisestablishmentarian chapel.',
  // ISBNs and catalogue numbers.
  'ISBN 978-0-14-143951-8 is the edition I quote from; the paperback is ISBN-10 0-14-143951-3.',
  'Library catalogue: PR4034 .P7 2003, accession no. 2003-114872-B, shelf 14.',
  'The Harbour Press reissue carries ISBN 9781402894626 on the back flap.',
  // UUIDs and ids in manuscript notes.
  'Scene id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 was merged into the lamp-room chapter.',
  'Timeline entry {6fa459ea-ee8a-3ca4-894e-db77e160355e} — the night the Providence went down.',
  'Plot card PLOT-0192f3a4-5b6c-7d8e-9f01-23456789abcd: Hester hides the ledger.',
  'Receipt rcpt_0192f3a4-5b6c-7d8e-9f01-23456789abcd backs the claim about the bell.',
  'Draft snapshot 01HGW2N7EHJVR8TQ0ZK3M5XB9Y was taken before the rewrite.',
  'Secret: Agent-007 never learns the ending.',
  'The auth: Jane Doe line in the front matter names the pseudonym.',
  'Conference conf-0192f3a4-5b6c-7d8e-9f01-23456789abcd, task task_0192f3a5-0b1c-7d8e-9f01-23456789abcd.',
  'Character ID: 9b2e6f0a-1c3d-4e5f-8a7b-6c5d4e3f2a1b (Owen Tresk)',
  // URLs.
  'Research: https://www.gutenberg.org/files/1342/1342-h/1342-h.htm and https://en.wikipedia.org/wiki/Bell_Rock_Lighthouse',
  'Map of the coast: https://www.openstreetmap.org/#map=13/56.4343/-2.3896',
  'Tide tables at https://tidetimes.example.org/scotland/arbroath-2024-tide-times?month=11&year=2024',
  'The lighthouse logbook scans live at https://archive.org/details/northernlighthouseboardlogbook1811vol2',
  'See https://docs.example.com/guides/writing/how-to-structure-a-mystery-novel-in-three-acts/ for the outline.',
  // Paths and file names.
  'Story/Scenes/SCN-07-the-drowned-bell.md and Compendium/Characters/CHAR-hester-vane.md need the new date.',
  'Back up C:\\Users\\mara\\Documents\\Novels\\GlassHarbour\\draft-2024-11-03-final-v7.docx tonight.',
  'The export lives in /home/mara/novels/glass-harbour/exports/2024/manuscript-chapter-12-revised.pdf',
  // Dates, numbers, coordinates.
  'Published 2024-11-03T09:15:30.123Z, revised 12/03/2025, printed 3 March 2025.',
  'Coordinates 56.4343° N, 2.3896° W; the light is 35 m high and visible for 18 nautical miles.',
  'Call the printer on +44 131 496 0000 or fax 0131-496-0001 before 17:30.',
  'Pi to thirty places: 3.141592653589793238462643383279.',
  // Words that sound like secrets, in prose.
  'The password was the name of her first boat, and she never wrote it down.',
  'He kept the key under the third flowerpot from the door.',
  'The secret is out: Hester was at the harbour that night.',
  'She handed him a token of her esteem — a brass button from her father’s coat.',
  'Our API key rotation policy is discussed in chapter four of the style guide.',
  'password: swordfish',
  'token: the brass coin from the drowned bell',
  'Mr. Hale’s password was his daughter’s name, which the reader learns in chapter nine.',
  'secret: none yet — the Archivist has not decided',
  // Example addresses with placeholders for their credentials.
  'Connect with mongodb://YOUR_USERNAME:YOUR_PASSWORD@cluster0.example.net/novel as the guide says.',
  'The template reads https://${username}:${password}@api.example.com/v1 until the installer fills it in.',
  'Local testing uses postgres://postgres:postgres@localhost:5432/drafts only.',
  // Strings shaped almost like keys.
  'The publishable key pk_live_ belongs on the shop page; it is meant to be public.',
  'sk_live_short is what the placeholder in the template says.',
  'A short string like tskey-foo is not a key, nor is hf_abc.',
  'ghp_ is only the start of a token, and AKIA on its own means nothing.',
  'The colour is #1e90ff and the accent is #ff6347.',
  'DNA in the forensics chapter: GATTACAGATTACACCGGTTAAGGCCTTAAGGCCATATATCGCG',
  'Version v2.14.3-beta.2+build.20241103 of the editor crashed twice.',
  'The chess game ended 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7.',
  'Emails: hester.vane@glassharbour.example, orders@harbourpress.example.co.uk',
  'sha256-based fingerprints are described in the appendix, along with base64 encoding.',
  'The ferry timetable code is ABERDEEN-KIRKWALL-2024-WINTER-SAILINGS-V3.',
  'Chapter_12_The_Long_Goodbye_Draft_3_With_Editor_Notes_2024.docx',
];
