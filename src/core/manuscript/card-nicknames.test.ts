import { describe, expect, it } from 'vitest';
import { quotedNicknames, statedBynames, uniqueTitleForms } from './card-nicknames.js';
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
    // An office is also written in lower case ("the inspector said").
    expect([...forms.values()]).toEqual([['the Inspector', 'The Inspector', 'the inspector', 'The inspector']]);
    // A title the card's own text gives its person: "Dr Edwin Trevail. General practitioner …".
    const doctor = uniqueTitleForms([card('Edwin Trevail', 'Dr Edwin Trevail. General practitioner to the cove.'), card('Jenna Rowe', 'Keeps house for Amos.')]);
    expect([...doctor.values()]).toEqual([['the Doctor', 'The Doctor', 'the doctor', 'The doctor']]);
    expect([...uniqueTitleForms([card('Edwin Trevail', 'Dr Edwin Trevail.'), card('Ann Bray', 'Dr Ann Bray, the locum.')]).values()]).toEqual([]);
    const index = buildNameIndex([card('Inspector Nell Garrow'), card('Mrs Ivy Bone')], []);
    expect(index.find("The Inspector's grey eyes were tired.").map((match) => [match.text, match.possessive])).toEqual([['The Inspector', true]]);
    expect(buildNameIndex([card('Mrs Ivy Bone'), card('Mrs Jo Rudd')], []).resolve('the Mrs')).toBeNull();
  });
});

describe('a title or rank as the person', () => {
  const people = (...cards: ReturnType<typeof card>[]) => buildNameIndex(cards, []);
  const who = (index: ReturnType<typeof buildNameIndex>, sentence: string) => index.find(sentence).map((match) => `${match.text}=${match.entities.map((entity) => entity.name).join('|')}`);

  it('gives a rank stated in the card\'s words to its one holder, and a short title its long spelling', () => {
    const index = people(card('Cmdr. Ada Voss', 'Notes: station commander, second tour.'), card('Piet Lorne', 'The grandchildren call him the Admiral, because of the boat.'), card('Rhian Tull'));
    expect(who(index, 'The Commander signed the log.')).toEqual(['The Commander=Cmdr. Ada Voss']);
    expect(who(index, 'Commander Voss signed the log.')).toEqual(['Commander Voss=Cmdr. Ada Voss']);
    expect(who(index, 'Later the Admiral sat at the head of the table.')).toEqual(['the Admiral=Piet Lorne']);
  });

  it('gives no rank held by someone else, or by two of the cast', () => {
    expect(who(people(card('Rhian Tull', 'Her brother is a captain in the merchant navy.'), card('Piet Lorne')), 'The Captain came aboard.')).toEqual([]);
    expect(who(people(card('Rhian Tull', "The Captain's niece. She is nineteen."), card('Piet Lorne')), 'The Captain came aboard.')).toEqual([]);
    expect(who(people(card('Ada Voss', 'She is the ship\'s commander.'), card('Bram Kell', 'He was commander of the relief tug.')), 'The Commander came aboard.')).toEqual([]);
  });
});

describe('bynames a card states in its own prose', () => {
  it('learns a byname the card gives its person, with or without a family title', () => {
    expect(statedBynames(card('Rosalind Marsh', 'Keeps the post office. Aunt Ro to everyone in the lane.'))).toEqual(['Aunt Ro']);
    expect(statedBynames(card('Eleanor Pike', 'Widowed young; known to the family as Granny Nell. She has grey eyes.'))).toEqual(['Granny Nell']);
    expect(statedBynames(card('Lucia Ferrante', 'She bakes on Sundays and the children call her Nonna.'))).toEqual(['Nonna']);
    expect(statedBynames(card('Hamish Dunn', 'He is Big Hamish to the whole glen — Uncle Ham to his nieces.'))).toEqual(['Big Hamish', 'Uncle Ham']);
    expect(statedBynames(card('Oona Reyes', 'Known around the docks as Skipper, she never learned to swim.'))).toEqual(['Skipper']);
  });

  it('leaves bynames of other people, words of address and ordinary sentences alone', () => {
    const none = [
      card('Mabel Crane', 'Her husband, known to all as Big Jim, drinks. She calls him Pops.\n\n- Gender: female'),
      card('Mabel Crane', 'Thanks to everyone who helped. Letters to the editor are her hobby.'),
      card('Mabel Crane', 'Married Ned, Uncle Ned to the village. Her brother calls him Sonny.\n\n- Gender: female'),
      card('Mabel Crane', 'She wrote to everyone. Her lodger is known as Tiny. She calls everyone love; they call her Darling.'),
    ];
    for (const each of none) expect(statedBynames(each)).toEqual([]);
  });

  it('lets prose name the person by the byname', () => {
    const index = buildNameIndex([card('Rosalind Marsh', 'Aunt Ro to everyone.'), card('Lucia Ferrante', 'The children call her Nonna.')], []);
    expect(index.find('Aunt Ro and Nonna shared a pot.').map((match) => `${match.text}=${match.entities.map((entity) => entity.name).join('|')}`)).toEqual([
      'Aunt Ro=Rosalind Marsh', 'Nonna=Lucia Ferrante',
    ]);
  });
});

describe('a byname given with its article', () => {
  it('takes "calls him the Gaffer" as the card\'s own person, with the capital a sentence start gives', () => {
    expect(statedBynames(card('Owen Tresk', 'He runs the night shift. The men call him the Gaffer.'))).toEqual(['the Gaffer', 'The Gaffer']);
    const index = buildNameIndex([card('Mair Pryce', 'She keeps the lighthouse; the boys in the village called her the Witch.')], []);
    expect(index.find('The Witch came down the cliff path.').map((match) => match.entities.map((entity) => entity.name).join())).toEqual(['Mair Pryce']);
  });

  it('leaves the lower-case word, an endearment, or a pronoun that is not the card\'s', () => {
    expect(statedBynames(card('Owen Tresk', 'The men call him the boss, to his face.'))).toEqual([]);
    expect(statedBynames(card('Owen Tresk', 'His wife calls him the Darling when she is cross.'))).toEqual([]);
    expect(statedBynames(card('Mair Pryce', 'She has a brother. She calls him the Pirate.'))).toEqual([]);
  });
});

describe('bynames in single quotes and stated plainly', () => {
  it('takes \'the Captain\' after "called", and "known at the station as the Director", and "Dinny to everyone."', () => {
    expect(quotedNicknames(card('Josiah Hope', "- Notes: mine captain, called 'the Captain' by the whole parish"))).toEqual(['the Captain', 'The Captain']);
    expect(statedBynames(card('Aldert Zijlstra', 'Aldert Zijlstra, known at the station as the Director, is sixty-eight.'))).toEqual(['the Director', 'The Director']);
    expect(statedBynames(card('Denis Foley', 'Dinny to everyone. Hired man since 1946.'))).toEqual(['Dinny']);
  });

  it('takes no apostrophe for a quote, nor a plain name that opens a longer sentence', () => {
    expect(quotedNicknames(card('Jory Penrose', "- Notes: called the men's bluff; his father's son"))).toEqual([]);
    expect(statedBynames(card('Denis Foley', 'Dinny to everyone seemed a fool, but he was not.'))).toEqual([]);
  });
});
