import { describe, expect, it } from 'vitest';
import { statedFullName } from './card-full-name.js';
import { parseCharacterCard } from './cards.js';
import { buildNameIndex } from './name-index.js';

const card = (file: string, body: string) => parseCharacterCard({ path: `Compendium/Characters/${file}.md`, lines: body.split('\n') });

describe('the full name a card named by one word gives in its prose', () => {
  it('reads it from the opening line, after tags or a heading, with a title or a particle', () => {
    expect(statedFullName(card('Ilse', '#person\n\nIlse Marten. Ferry pilot, forty years on the river.'))).toBe('Ilse Marten');
    expect(statedFullName(card('Bram', '# Bram\n\n**Bram van Tol** — the lock keeper; never married.'))).toBe('Bram van Tol');
    expect(statedFullName(card('Agnes', 'Sister Agnes Riordan, who keeps the infirmary keys.'))).toBe('Sister Agnes Riordan');
    expect(statedFullName(card('Joss', 'Joss Pellow-Hart was the youngest of six.'))).toBe('Joss Pellow-Hart');
  });

  it('gives nothing when the opening only starts with the name, is a field list, or the card already has a full name', () => {
    expect(statedFullName(card('Ilse', 'Ilse Steers the ferry at night.'))).toBeNull();
    expect(statedFullName(card('Ilse', 'Ilse plays cards with the Harbour Master.'))).toBeNull();
    expect(statedFullName(card('Ilse', '- Eyes: grey\n- Ilse Marten, by marriage'))).toBeNull();
    expect(statedFullName(card('Ilse Marten', '# Ilse Marten\n\nIlse Marten Senior, the aunt.'))).toBeNull();
    expect(statedFullName(card('Ilse', 'Harbour Ilse Marten, pilot.'))).toBeNull();
  });

  it('lets prose name the person by surname or title and surname', () => {
    const index = buildNameIndex([card('Ilse', '#person\n\nIlse Marten. Ferry pilot.'), card('Bram', 'Bram van Tol, the lock keeper.')], []);
    expect(index.find('Marten tied up; Mrs Marten waved to van Tol.').map((match) => `${match.text}=${match.entities.map((entity) => entity.name).join('|')}`)).toEqual(['Marten=Ilse', 'Mrs Marten=Ilse', 'van Tol=Bram']);
  });
});
