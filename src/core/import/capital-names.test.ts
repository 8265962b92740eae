import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalName, inCapitals, titleCase } from './capital-names.js';

const person = (text: string) => capitalName(text, 'character');
const place = (text: string) => capitalName(text, 'place');

describe('titleCase', () => {
  it('writes a name in capitals in normal case, small words and prefixes as names have them', () => {
    expect(titleCase('THE ROSE AND CROWN')).toBe('The Rose and Crown');
    expect(titleCase("O'DOWD'S")).toBe("O'Dowd's");
    expect(titleCase('MCKENNA-BYRNE')).toBe('McKenna-Byrne');
    expect(titleCase('HOTEL DU LAC')).toBe('Hotel du Lac');
    expect(titleCase('GEORGE III')).toBe('George III');
    expect(titleCase('DI PRENDERGAST')).toBe('DI Prendergast');
  });

  it('tells a line in capitals from one with lower-case letters', () => {
    expect(inCapitals('WHO’S WHO')).toBe(true);
    expect(inCapitals('Cast')).toBe(false);
    expect(inCapitals('1947')).toBe(false);
  });
});

describe('capitalName', () => {
  it('reads the name an entry opens with, whatever follows it', () => {
    expect(person('HILDA BRANNAGH (b. 4 May 1901). Cook.')?.name).toBe('Hilda Brannagh');
    expect(person('TOMAS VERE, born 1920, the heir.')?.name).toBe('Tomas Vere');
    expect(person('ESME TALLIS (1870-1929) - the grandmother.')?.name).toBe('Esme Tallis');
    expect(person('FATHER ANSELM — the parish priest.')?.name).toBe('Father Anselm');
    expect(person('LUCY MARCH\nThe narrator.')?.name).toBe('Lucy March');
    expect(place('THE DROVERS ARMS. A pub.')?.name).toBe('The Drovers Arms');
  });

  it('keeps a title as the title and a nickname apart', () => {
    expect(person('COLONEL HUGH "BUNNY" FARRANT, retired.')).toMatchObject({ name: 'Colonel Hugh Farrant', nickname: 'Bunny' });
    expect(person("ALICE 'KIT' MORROW (b. 1899).")).toMatchObject({ name: 'Alice Morrow', nickname: 'Kit' });
    expect(person('BERNARD QUILL ("Bun"), the lodger.')).toMatchObject({ name: 'Bernard Quill', nickname: 'Bun' });
    expect(person('MRS. AGATHA PYM, widow.')).toMatchObject({ name: 'Mrs. Agatha Pym', nickname: null });
  });

  it('keeps the first part of a two-part name, but turns a surname written first round', () => {
    expect(place('THE OLD FORGE, MILL LANE. Two rooms.')?.name).toBe('The Old Forge');
    expect(place('THE SURGERY, QUEEN ST. A doctor and a nurse.')?.name).toBe('The Surgery');
    expect(person('TALLIS, ESME (b. 1870). The grandmother.')?.name).toBe('Esme Tallis');
  });

  it('finds no name in prose, a lone capital, a year or a note mark', () => {
    expect(person('Hilda is the cook.')).toBeNull();
    expect(person('I never liked her.')).toBeNull();
    expect(person('1947. The bad winter.')).toBeNull();
    expect(person('NB: check her age.')).toBeNull();
    expect(person('HILDA was the cook.')).toBeNull();
  });

  it('never throws, and a name it reads ends inside the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('character' as const, 'place' as const), (text, kind) => {
        const name = capitalName(text, kind);
        if (name !== null) expect(name.end).toBeLessThanOrEqual(text.length);
      }),
    );
  });
});
