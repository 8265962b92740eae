import type { ImportKind } from '../../protocol/imports.js';
import { classifyNote } from './classify-note.js';

// A heading that names a place by its last word: `The Blue Heron Motel`, `Harrow Falls`, `Skerry Light`.
// Many surnames are place words too (`Marsh`, `Hill`, `Wood`), so the heading is one vote, not the verdict.
const PLACE_WORD =
  /\b(?:motel|hotel|inn|pub|tavern|bar|caf[eé]|shop|store|farm|house|hall|manor|cottage|lodge|church|chapel|abbey|school|station|harbou?r|quay|pier|dock|light(?:house)?|tower|mill|mine|bridge|street|road|lane|square|park|falls|river|creek|brook|ford|lake|loch|bay|cove|harbor|marsh|fen|point|head|island|isle|hill|moor|wood|forest|valley|town|village|city|county|castle|fort|camp|ranch|office|hospital|asylum|prison|gaol|jail|rectory|vicarage|surgery)$/i;
// What only a person has: a body's traits, a birth, an age, a writing hand, a part in the telling.
const PERSON_TRAITS =
  /\b(?:eyes|eyed|hair|haired|freckles?|beard|moustache|mustache|born|birthday|aged|years\s+old|(?:left|right)[\s-]handed|ambidextrous|narrator|narrates|protagonist|antagonist|widow(?:ed|er)?|married|divorced|engaged\s+to|orphan(?:ed)?|retired|smokes|drinks|dies|died)\b/gi;
const PERSON_WORDS = /\b(?:she|he|her|his|him|herself|himself|brother|sister|mother|father|son|daughter|wife|husband|nephew|niece|cousin|aunt|uncle|grandmother|grandfather|clerk|boy|girl|man|woman|friend|crush|works|lives)\b/gi;
// A bare age as a sentence of its own ("Cook. Fifty-two.", "Delia's brother, nineteen.") speaks of a person.
const BARE_AGE = /(?:^|[.;,]\s+)(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|\d{1,2})(?:\s+years\s+old)?[.,]/gim;
const PLACE_SIGNALS =
  /\bpop(?:\.|ulation\b)|\b(?:miles?|kilometres?|kilometers?|located|situated|highway|route|road|street|village|town|hamlet|city|county|parish|coast|shore|river|harbou?r|rooms?|floors?|storeys?|stories|acres?|built|founded|north|south|east|west|beds|gates?|drive|wing)\b/gi;

const count = (pattern: RegExp, text: string): number => (text.match(pattern) ?? []).length;

/** A character or a place when a section says so itself, by its labelled fields or tags; else null. */
export function labelledKind(heading: string, text: string): 'character' | 'place' | null {
  const kind = classifyNote({ id: heading, origin: heading, name: heading, folders: [], text, order: null, hint: null }).kind;
  return kind === 'character' || kind === 'place' ? kind : null;
}

/**
 * What one section of a mixed note (a story bible with a `##` section per person and place) is:
 * a character or a place by its labelled fields or tags first, then by weighing its own words — a
 * person's traits (eyes, hair, born, age, handedness) and pronouns against a place's (located,
 * miles, road, village, rooms) and a heading ending in a place word — else lore.
 */
export function classifySection(heading: string, text: string): ImportKind {
  const byContent = labelledKind(heading, text);
  if (byContent !== null) return byContent;
  const body = text.split('\n').slice(1).join('\n');
  const person = 2 * count(PERSON_TRAITS, body) + 2 * count(BARE_AGE, body) + count(PERSON_WORDS, body);
  const place = count(PLACE_SIGNALS, body) + (PLACE_WORD.test(heading.trim()) ? 3 : 0);
  if (person === 0 && place === 0) return 'lore';
  if (place >= person) return 'place';
  return person >= 2 ? 'character' : 'lore';
}
