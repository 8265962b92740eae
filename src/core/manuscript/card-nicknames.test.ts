import { describe, expect, it } from 'vitest';
import { quotedNicknames, uniqueTitleForms } from './card-nicknames.js';
import { parseCharacterCard } from './cards.js';
import { buildNameIndex } from './name-index.js';

const card = (name: string, body = '') => parseCharacterCard({ path: `Compendium/Characters/${name.replace(/"/g, '')}.md`, lines: `# ${name}\n\n${body}`.split('\n') });

describe('names a card gives beyond its own', () => {
  it('takes a nickname given only in quotes, in the name or after "called" / "known as"', () => {
    expect(quotedNicknames(card('Major Ruth "the Hawk" Pell'))).toEqual(['the Hawk', 'The Hawk']);
    expect(quotedNicknames(card('Owen Tresk', 'The crew call him "Gaffer" behind his back.'))).toEqual(['Gaffer']);
    expect(quotedNicknames(card('Ada Lusk', 'Known as: "Duchess"'))).toEqual(['Duchess']);
    expect(quotedNicknames(card('Ada Lusk', 'She said "never again, not once" and meant it.'))).toEqual([]);
  });

  it('gives a title alone to the one character who holds it, never to a shared one', () => {
    const forms = uniqueTitleForms([card('Inspector Nell Garrow'), card('Sergeant Dai Pryce'), card('Sergeant Tom Hale'), card('Mrs Ivy Bone')]);
    expect([...forms.values()]).toEqual([['the Inspector', 'The Inspector']]);
    const index = buildNameIndex([card('Inspector Nell Garrow'), card('Mrs Ivy Bone')], []);
    expect(index.find("The Inspector's grey eyes were tired.").map((match) => [match.text, match.possessive])).toEqual([['The Inspector', true]]);
    expect(buildNameIndex([card('Mrs Ivy Bone'), card('Mrs Jo Rudd')], []).resolve('the Mrs')).toBeNull();
  });
});
