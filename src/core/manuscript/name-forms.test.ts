import { describe, expect, it } from 'vitest';
import { derivedNameForms, genderOfTitle, isCommonWordForm, titleOf } from './name-forms.js';

describe('derivedNameForms', () => {
  it('gives the full name, first name, surname and title + surname, as the gender allows', () => {
    expect(derivedNameForms('Ilse Marten', 'female').sort()).toEqual(['Ilse', 'Ilse Marten', 'Marten', 'Miss Marten', 'Mrs Marten', 'Mrs. Marten', 'Ms Marten', 'Ms. Marten'].sort());
    expect(derivedNameForms('Tobin Rusk', 'male')).toContain('Mr Rusk');
    expect(derivedNameForms('Tobin Rusk', 'male')).not.toContain('Mrs Rusk');
  });

  it('keeps a title of the card\'s own, and particles with the surname', () => {
    const forms = derivedNameForms('Dr. Colm Reddaway', null);
    expect(forms).toEqual(expect.arrayContaining(['Dr. Colm Reddaway', 'Colm Reddaway', 'Colm', 'Reddaway', 'Dr Reddaway', 'Dr. Reddaway']));
    expect(derivedNameForms('Anna van Dijk', 'female')).toEqual(expect.arrayContaining(['Anna', 'van Dijk', 'Mrs van Dijk']));
    expect(derivedNameForms('Sergeant Pryce', null)).toEqual(['Sergeant Pryce', 'Pryce']);
  });

  it('never makes an article a name: the title and names after it count as if it were not there', () => {
    const forms = derivedNameForms('The Reverend Thomas Ashby', 'male');
    expect(forms).toEqual(expect.arrayContaining(['The Reverend Thomas Ashby', 'Reverend Thomas Ashby', 'Thomas Ashby', 'Thomas', 'Ashby', 'Reverend Ashby']));
    expect(forms).not.toContain('The');
    expect(derivedNameForms('the Honourable Mrs Quayle', 'female')).not.toContain('the');
    expect(titleOf('The Reverend Ashby')).toBe('Reverend');
    expect(derivedNameForms('the Weaver', null)).toEqual(['the Weaver', 'Weaver']);
  });

  it('knows titles and everyday words', () => {
    expect(titleOf('Aunt Birdie')).toBe('Aunt');
    expect(genderOfTitle('Mrs')).toBe('female');
    expect(genderOfTitle('Uncle')).toBe('male');
    expect(genderOfTitle('Dr')).toBeNull();
    expect(isCommonWordForm('Will')).toBe(true);
    expect(isCommonWordForm('Ilse')).toBe(false);
  });
});
