/**
 * Fixed traits as fiction states them — "her green eyes", "grey-eyed", "his eyes were brown",
 * "red-haired", "left-handed", "signed with his right hand", "a scar on her left cheek", "born in
 * Leeds" — each folded to a value that can be compared (`grey`/`gray` → `grey`, `auburn` → red).
 */

/** A trait phrase found in a sentence. */
export interface TraitPhrase {
  /** `eyes`, `hair`, `handedness`, `birthplace`, or `mark:<kind>:<body part>` (a side, e.g. a scar on the left cheek). */
  attribute: string;
  /** The compared values: hue families for colours, `left`/`right`, a place name. */
  values: string[];
  /** The words as written. */
  text: string;
  /** The value as written (`green`, `left`, `Leeds`). */
  valueText: string;
  /** Where the phrase starts, and where its owner is looked for (the possessive or pronoun before it). */
  start: number;
  subjectAt: number;
  /** A pronoun the phrase itself carries (`with his right hand`), if any. */
  pronoun: string | null;
}

const EYE_HUES: Record<string, string[]> = {
  grey: ['grey'], gray: ['grey'], silver: ['grey'], slate: ['grey'], blue: ['blue'], green: ['green'], emerald: ['green'], jade: ['green'],
  brown: ['brown'], chestnut: ['brown'], chocolate: ['brown'], hazel: ['hazel', 'brown', 'green'], amber: ['amber', 'brown'], golden: ['amber'],
  black: ['black', 'brown'], dark: ['brown', 'black'], violet: ['violet', 'blue'], turquoise: ['blue', 'green'], aquamarine: ['blue', 'green'],
};
const HAIR_FAMILIES: Record<string, string[]> = {
  black: ['black'], raven: ['black'], 'jet-black': ['black'], jet: ['black'], ebony: ['black'],
  brown: ['brown'], chestnut: ['brown', 'red'], mousy: ['brown'], mousey: ['brown'], brunette: ['brown'], dark: ['brown', 'black'],
  blond: ['blond'], blonde: ['blond'], fair: ['blond'], yellow: ['blond'], tow: ['blond'], 'tow-coloured': ['blond'], 'white-blond': ['blond'], 'white-blonde': ['blond'], flaxen: ['blond'], golden: ['blond'], platinum: ['blond'], sandy: ['blond', 'red'], straw: ['blond'],
  red: ['red'], auburn: ['red'], ginger: ['red'], copper: ['red'], coppery: ['red'], 'strawberry-blond': ['red', 'blond'], 'strawberry-blonde': ['red', 'blond'],
  grey: ['grey'], gray: ['grey'], silver: ['grey'], white: ['grey'], grizzled: ['grey'], hoary: ['grey'], snowy: ['grey'], 'salt-and-pepper': ['grey', 'black'], 'iron-grey': ['grey'],
};
const EYE_HUE = Object.keys(EYE_HUES).filter((hue) => hue !== 'dark').join('|');
const HAIR = Object.keys(HAIR_FAMILIES).sort((a, b) => b.length - a.length).join('|');
const EYE_SHADE = '(?:pale|light|dark|deep|bright|clear|cold|steel|steely|sea|ice|icy|washed-out|watery|flinty|startling|vivid|muddy|soft|warm)';
// A likeness joined to the colour: "coal-black", "storm-grey", "cornflower-blue" (the colour is the last word).
const LIKENED_TO = '(?:\\p{Ll}{3,}-)?';
const HAIR_STYLE = '(?:curly|straight|wavy|long|short|cropped|close-cropped|thick|thin|fine|lank|tangled|unruly|wild|braided|plaited|greasy|wet|damp|shoulder-length|cropped|shaggy|thinning|bobbed|tousled|neat|untidy)';

function eyeValues(text: string): string[] {
  // Punctuation after a colour does not hide it: "grey, pale as dishwater".
  const words = text.toLowerCase().split(/[\s,;:.()/-]+/).filter(Boolean);
  const hues = words.flatMap((word) => EYE_HUES[word] ?? []);
  // "dark eyes" alone are brown or black; "dark blue eyes" are blue.
  const named = words.filter((word) => word !== 'dark' && EYE_HUES[word]).flatMap((word) => EYE_HUES[word]!);
  return [...new Set(named.length > 0 ? named : hues)];
}

function hairValues(text: string): string[] {
  const lower = text.toLowerCase();
  const compound = Object.keys(HAIR_FAMILIES).filter((key) => key.includes('-') && lower.includes(key));
  const words = compound.length > 0 ? compound : lower.split(/[\s,-]+/);
  const named = words.filter((word) => word !== 'dark' && HAIR_FAMILIES[word]).flatMap((word) => HAIR_FAMILIES[word]!);
  return [...new Set(named.length > 0 ? named : words.flatMap((word) => HAIR_FAMILIES[word] ?? []))];
}

// Hair going grey: the colour it is and grey may both be said.
const GREYING = /\b(?:grey|gray)ing\b|\bgoing\s+(?:grey|gray|white)|\b(?:streaked|flecked|shot|threaded)\s+with\s+(?:grey|gray|silver|white)\b|\b(?:grey|gray|silver)-(?:streaked|flecked)\b/i;
// Words that put a colour in the past: "It was black until he was past fifty", "(dark as a girl)".
const PAST_COLOUR = /\b(?:was|were|had\s+been|used\s+to|until|till|once|originally|formerly|as\s+an?\s+(?:girl|boy|child|kid|baby|young\s+(?:man|woman)|youngster)|when\s+(?:young|younger|little|small|a\s+(?:girl|boy|child))|in\s+(?:his|her|their|my)\s+youth)\b/i;
// A colour put on, said beside the natural one: both may be written ("dyed red", "out of a box", "blue contacts").
const PUT_ON = /\b(?:dyed|dyes|dye|bleach(?:ed|es)?|henna(?:ed|s)?|tinted|rinse|wig|out\s+of\s+a\s+(?:box|bottle)|contacts|contact\s+lenses|lenses)\b/i;

/**
 * The parts of a card's colour answer that say the colour now: the first part that names one, and
 * any colour put on. Parts are its sentences, clauses and asides; a part about the past is dropped
 * ("White. It was black until he was past fifty." is white), except what it says is so now.
 */
function currentColourParts(value: string, valuesOf: (text: string) => string[]): string[] {
  const parts = value.split(/[.;()[\]]|\s[—–]\s|\s-\s/).map((part) => {
    if (!PAST_COLOUR.test(part)) return part;
    const now = /\bnow\b(.*)$/i.exec(part);
    return now ? now[1]! : '';
  });
  const first = parts.find((part) => valuesOf(part).length > 0);
  return first === undefined ? [] : [first, ...parts.filter((part) => part !== first && PUT_ON.test(part))];
}

/** The compared values of a card's `Eyes:`/`Hair:` field (`grey-green`, `black, greying at the temples`). */
export function cardTraitValues(attribute: string, value: string): string[] {
  if (attribute === 'eyes') return [...new Set(currentColourParts(value, eyeValues).flatMap(eyeValues))];
  if (attribute === 'hair') {
    const parts = currentColourParts(value, hairValues);
    const values = parts.flatMap(hairValues);
    // "black, going grey" is black and grey: either may be said.
    return [...new Set(parts.some((part) => GREYING.test(part) || /streaked|flecked/i.test(part)) ? [...values, 'grey'] : values)];
  }
  if (attribute === 'handedness') return handednessValues(value);
  return [value.trim().toLowerCase()];
}

function handednessValues(text: string): string[] {
  // The first word that says a side: "right. Scar across the left palm" is right-handed.
  const side = /\b(?:(ambidextrous|both)|(left|southpaw)|(right))/i.exec(text);
  if (side === null) return [];
  return side[1] ? ['left', 'right'] : side[2] ? ['left'] : ['right'];
}

const EYES_BEFORE = new RegExp(`(?<![\\p{L}-])(${LIKENED_TO}(?:${EYE_SHADE}[\\s-])?(?:${EYE_HUE})(?:[\\s-](?:${EYE_HUE}))?(?:-flecked|-ringed)?)\\s+eyes\\b`, 'giu');
const EYED = new RegExp(`(?<![\\p{L}-])((?:${EYE_SHADE}-)?(?:${EYE_HUE})(?:-(?:${EYE_HUE}))?)-eyed\\b`, 'giu');
const EYES_WERE = new RegExp(`\\b(eyes)(?:\\s*,)?\\s+(?:were|are|was|is|had\\s+been|looked|seemed|gleamed|shone|glinted)\\s+(?:a\\s+|an\\s+|very\\s+|so\\s+|quite\\s+)?((?:${EYE_SHADE}[\\s-])?(?:${EYE_HUE}|dark)(?:[\\s-](?:${EYE_HUE}))?)\\b`, 'giu');
// "Mrs. Keane's eyes, brown and quick as a wren's", "her gaze, brown as strong tea": the colour in apposition.
// ("Nerys's eyes, cornflower blue in the low sun, had filled up": a likened hue, and where they are.)
const EYES_APPOSED = new RegExp(`\\b(?:eyes|gaze)\\s*,\\s+((?:${EYE_SHADE}[\\s-]|(?:cornflower|sea|sky|slate|storm|steel|ice|bottle|moss|forget-me-not|china|periwinkle|hazel|chestnut|coal|ink|jet)[\\s-])?(?:${EYE_HUE})(?:[\\s-](?:${EYE_HUE}))?)(?:\\s+(?:and|as|like|with|in|under|behind|beneath)\\b|\\s*,)`, 'giu');
// "her eyes, that pale cornflower blue Nell always wished for", "his eyes, a startling green,": a colour named in apposition.
// ("His eyes, the same clear blue as his brother's": the same hue as someone's is still a hue.)
const EYES_NAMED_APART = new RegExp(`\\b(?:[Ee]yes|[Gg]aze)\\s*,\\s+(?:that|the|a|an|such\\s+a)\\s+(?:same\\s+)?((?:${EYE_SHADE}\\s+)?(?:[\\p{L}-]+\\s+)?(?:${EYE_HUE}))(?=\\s*[,.;:!?—–]|\\s+(?:\\p{Lu}\\p{L}*|that|which|she|he|I|you|as)\\b)`, 'gu');
// "the brown of her eyes", "the pale blue of Ines's eyes": the hue first, its owner after it.
const HUE_OF_EYES = new RegExp(`\\bthe\\s+((?:${EYE_SHADE}[\\s-])?(?:${EYE_HUE})(?:[\\s-](?:${EYE_HUE}))?)\\s+of\\s+(?:(her|his|my)|(\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)?['’]s))\\s+(?:own\\s+)?eyes\\b`, 'gu');
const HAIR_BEFORE = new RegExp(`(?<![\\p{L}-])(${LIKENED_TO}(?:${HAIR})(?:[\\s-](?:${HAIR}))?)(?:,?\\s+${HAIR_STYLE})?\\s+hair\\b(?!s)`, 'giu');
const HAIRED = new RegExp(`(?<![\\p{L}-])((?:${HAIR})(?:-(?:${HAIR}))?)-haired\\b`, 'giu');
// "her blonde plait", "his ginger bun": a worn style names the hair's colour too.
// "his wet ginger fringe": a word of how it looks may come first.
const HAIR_STYLED = new RegExp(`\\b(her|his|my|their)\\s+(?:(?:wet|damp|thick|thin|long|short|untidy|tangled|heavy|loose|neat|cropped|greasy|unruly)\\s+)?((?:${HAIR})(?:[\\s-](?:${HAIR}))?)\\s+(?:plaits?|braids?|bun|ponytail|curls|locks|ringlets|mane|fringe|thatch|mop|quiff|tresses|waves)\\b`, 'giu');
// On a card, a label without its colon: "Hair black, worn long and pinned up", "Eyes green".
const HAIR_LABEL = new RegExp(`(?:^|[.;]\\s+)(?:[-*]\\s+)?(hair)\\s+((?:${HAIR})(?:[\\s-](?:${HAIR}))?)\\b`, 'giu');
const HAIR_WAS = new RegExp(`\\b(hair)(?:\\s*,\\s*(?=(?:${HAIR})\\b)|(?:\\s*,)?\\s+(?:was|is|had\\s+been|hung|fell)\\s+)(?:a\\s+|an\\s+|very\\s+|still\\s+|all\\s+)?((?:${HAIR})(?:[\\s-](?:${HAIR}))?)\\b`, 'giu');
// A colour after the noun: "his eyes, green as bottle glass", "eyes the grey of slate", "her hair, now the colour of ash".
const AFTER_LINK = '(?:\\s*,\\s*(?:now\\s+|still\\s+|already\\s+)?|\\s+(?:now\\s+|still\\s+)?|\\s+(?:was|were|is|are|had\\s+been|has\\s+been)\\s+(?:now\\s+|still\\s+)?(?=the\\s))';
const LIKENED = '[\\p{L}-]+(?:\\s+[\\p{L}-]+)?';
const COLOUR_AFTER = (noun: string, hues: string): RegExp => new RegExp(`\\b(${noun})${AFTER_LINK}(?:(?:as\\s+)?(${hues})\\s+as\\s+(?:a\\s+|an\\s+|the\\s+)?${LIKENED}|the\\s+(?:(?:pale|dark|light|deep|bright|clear|soft)\\s+)?(${hues})\\s+of\\s+(?:a\\s+|an\\s+|the\\s+)?${LIKENED}|the\\s+(?:colou?r|shade)\\s+of\\s+(?:a\\s+|an\\s+|the\\s+|old\\s+|wet\\s+|cold\\s+|fresh\\s+|dry\\s+)?([\\p{L}-]+)(?:(?:\\s+[\\p{L}-]+)?\\s*,\\s+((?:(?:pale|dark|light|deep|bright|clear|soft)[\\s-])?(?:${hues})))?|like\\s+(?:a\\s+|an\\s+|the\\s+)?(?:wet\\s+|old\\s+|cold\\s+|polished\\s+|new\\s+)?([\\p{L}-]+))`, 'giu');
const EYES_AFTER = COLOUR_AFTER('eyes', EYE_HUE);
const HAIR_AFTER = COLOUR_AFTER('hair', HAIR);
// What "the colour of …" names, per noun: a plain likeness, not a figure of speech to be read.
const LIKENESS: Record<string, { eyes?: string; hair?: string }> = {
  ash: { eyes: 'grey', hair: 'grey' }, ashes: { eyes: 'grey', hair: 'grey' }, slate: { eyes: 'grey', hair: 'grey' }, steel: { eyes: 'grey', hair: 'grey' },
  pewter: { eyes: 'grey', hair: 'grey' }, smoke: { eyes: 'grey', hair: 'grey' }, iron: { eyes: 'grey', hair: 'grey' }, flint: { eyes: 'grey' }, silver: { eyes: 'grey', hair: 'grey' },
  snow: { hair: 'grey' }, bone: { hair: 'grey' }, milk: { hair: 'grey' }, frost: { eyes: 'grey', hair: 'grey' },
  coal: { eyes: 'black', hair: 'black' }, ink: { eyes: 'black', hair: 'black' }, pitch: { eyes: 'black', hair: 'black' }, soot: { eyes: 'black', hair: 'black' }, jet: { eyes: 'black', hair: 'black' }, tar: { eyes: 'black', hair: 'black' },
  moss: { eyes: 'green' }, grass: { eyes: 'green' }, emerald: { eyes: 'green' }, emeralds: { eyes: 'green' }, jade: { eyes: 'green' }, leaves: { eyes: 'green' }, ivy: { eyes: 'green' },
  sky: { eyes: 'blue' }, cornflowers: { eyes: 'blue' }, cornflower: { eyes: 'blue' }, sapphire: { eyes: 'blue' }, sapphires: { eyes: 'blue' }, bluebells: { eyes: 'blue' }, denim: { eyes: 'blue' },
  honey: { eyes: 'amber', hair: 'blond' }, whisky: { eyes: 'amber' }, whiskey: { eyes: 'amber' }, amber: { eyes: 'amber' },
  wheat: { hair: 'blond' }, straw: { hair: 'blond' }, corn: { hair: 'blond' }, butter: { hair: 'blond' }, flax: { hair: 'blond' }, sand: { hair: 'blond' }, gold: { hair: 'blond' },
  mouse: { hair: 'brown' }, rust: { hair: 'red' }, copper: { hair: 'red' }, carrots: { hair: 'red' }, flame: { hair: 'red' }, flames: { hair: 'red' }, fox: { hair: 'red' }, marmalade: { hair: 'red' },
  chestnut: { eyes: 'brown', hair: 'brown' }, chestnuts: { eyes: 'brown', hair: 'brown' }, conkers: { eyes: 'brown', hair: 'brown' }, conker: { eyes: 'brown', hair: 'brown' },
  mud: { eyes: 'brown', hair: 'brown' }, earth: { eyes: 'brown', hair: 'brown' }, coffee: { eyes: 'brown', hair: 'brown' }, chocolate: { eyes: 'brown', hair: 'brown' },
  toffee: { eyes: 'brown', hair: 'brown' }, tea: { eyes: 'brown' }, bark: { eyes: 'brown', hair: 'brown' }, mahogany: { eyes: 'brown', hair: 'brown' }, walnut: { eyes: 'brown', hair: 'brown' },
};

// "honey-coloured hair", "slate-coloured eyes": the colour of a likeness, joined to the noun.
const COLOURED_LIKE = /(?<![\p{L}-])(\p{Ll}{3,})-colou?red\s+(?:(?:curly|straight|wavy|long|short|thick|thin|fine|wet|damp|untidy)\s+)?(hair|curls|locks|eyes)\b/giu;

/** The values of a likeness-coloured noun ("honey-coloured hair" is blond), or none when the likeness is unknown. */
function colouredLikeValues(noun: string, attribute: 'eyes' | 'hair'): string[] {
  const word = noun.toLowerCase();
  const named = attribute === 'eyes' ? EYE_HUES[word] : HAIR_FAMILIES[word];
  if (named) return [...named];
  const likened = LIKENESS[word]?.[attribute];
  return likened ? [likened] : [];
}

/** The values of a colour written after its noun: the hue itself, or what the likened thing's colour is. */
function colourAfterValues(attribute: 'eyes' | 'hair', match: RegExpMatchArray): { values: string[]; valueText: string } {
  // "the colour of peat water, dark brown": the likeness named, then the colour itself.
  const hue = match[2] ?? match[3] ?? match[5];
  if (hue !== undefined) return { values: attribute === 'eyes' ? eyeValues(hue) : hairValues(hue), valueText: hue };
  const noun = (match[4] ?? match[6]!).toLowerCase();
  const named = attribute === 'eyes' ? EYE_HUES[noun] : HAIR_FAMILIES[noun];
  const likened = LIKENESS[noun]?.[attribute];
  // "eyes like saucers" names no colour: only a likeness of known colour ("like wet slate") counts.
  if (match[4] === undefined) return { values: likened ? [likened] : [], valueText: `like ${match[6]}` };
  return { values: named ?? (likened ? [likened] : []), valueText: `the colour of ${match[4]}` };
}

// On a card, a change over time gives the current value: "Her hair went white before she was forty".
const HAIR_WENT = new RegExp(`\\b(hair)\\s+(?:had\\s+|has\\s+)?(?:went|gone|turned|became|become|goes|turns)\\s+(?:completely\\s+|quite\\s+|all\\s+|fully\\s+)?((?:${HAIR})(?:[\\s-](?:${HAIR}))?)\\b`, 'giu');
const HAND_BEFORE = /^\s*(?:before|until|till|once|originally|as\s+an?\s+(?:boy|girl|child|youngster)|when\s+(?:young|a\s+(?:boy|girl|child)))\b/i;
const REDHEAD = /\b(redhead)\b/giu;
const HANDED = /\b(left|right)[\s-]handed\b|\b(southpaw)\b|\b(ambidextrous)\b/giu;
const WRITING_HAND = /\b(?:signed|signs|sign|signing|wrote|writes|write|writing|written|scrawled|scribbled|penned|jotted|sketched|initialled|initialed)\b[^.!?;“”"]{0,50}?\bwith\s+(her|his|my)\s+(left|right)(?:\s+hand)?\b/giu;
// "signing the register, and he does it with his right hand": the writing named first, the hand after.
const DOES_IT_HAND = /\b(?:signed|signs|sign|signing|wrote|writes|write|writing|scrawled|scribbled|penned|jotted|initialled|initialed)\b[^.!?;“”"]{0,120}?\b(?:does|did|do|doing)\s+(?:it|so|this|that)\s+with\s+(her|his|my)\s+(left|right)(?:\s+hand)?\b/giu;
// A hand used out of habit: "with her left hand, the way she does everything", "left-hand first, as always",
// "with his right, as he always did".
const HABIT_HAND = /\bwith\s+(her|his|my)\s+(left|right)(?:\s+hand)?\b,?\s+(?:(?:the\s+way|as)\s+(?:she|he|I|they)\s+(?:does|did|do)\s+(?:everything|anything|it\s+all)|as\s+(?:she|he|I|they)\s+always\s+(?:does|did|do)|as\s+(?:always|ever|usual))\b/giu;
const PEN_HAND = /\b(?:pen|pencil|quill|biro|brush|chalk|fountain pen)\s+(?:in|with)\s+(her|his|my)\s+(left|right)(?:\s+hand)?\b/giu;
const MARK_KINDS = 'scar|tattoo|birthmark|mole|burn|burn mark|freckle|dimple|wart|brand';
const BODY_PARTS = 'cheek|hand|arm|eye|eyebrow|brow|temple|wrist|shoulder|leg|knee|forearm|palm|jaw|ear|side|hip|ankle|foot|thigh|chest|neck|shin|calf|elbow|thumb|collarbone|shoulder blade|forehead';
const MARK = new RegExp(`\\b(${MARK_KINDS})s?\\b[^.!?;“”"]{0,30}?\\b(?:on|across|over|above|below|under|along|beneath|down|at|by|through|in|into|splits|splitting|crosses|crossing|cuts|cutting|divides|bisects)\\s+(?:the\\s+(?:back|palm|inside|outside|top|side|heel|ball)\\s+of\\s+)?(?:(her|his|my|the)\\s+)?(left|right)\\s+(${BODY_PARTS})\\b(?!\\s+of\\b)`, 'giu');
// "a scar on the left side of his face": the side of a larger part.
const MARK_SIDE_OF = new RegExp(`\\b(${MARK_KINDS})s?\\b[^.!?;“”"]{0,30}?\\b(?:on|across|over|down|along|at|in)\\s+the\\s+(left|right)\\s+side\\s+of\\s+(?:(her|his|my|the)\\s+)?(face|neck|head|body|chest|back|jaw|nose|mouth|forehead)\\b`, 'giu');
// "his left cheek, where the scar ran", "her right wrist bore a small tattoo": the side first, the mark after.
const SIDE_THEN_MARK = new RegExp(`\\b(her|his|my)\\s+(left|right)\\s+(${BODY_PARTS})\\b(?:,\\s+where|\\s+(?:bore|carried|had|has|showed|shows|with))\\s+(?:a|an|the|its|that|one)?\\s*(?:[\\p{L}-]+\\s+){0,2}?(${MARK_KINDS})\\b`, 'giu');
// "his scarred left cheek", "her tattooed right arm".
const MARKED_SIDE = new RegExp(`\\b(her|his|my)\\s+(scarred|tattooed|burned|burnt|pockmarked)\\s+(left|right)\\s+(${BODY_PARTS})\\b`, 'giu');
const MARKED_KIND: Record<string, string> = { scarred: 'scar', tattooed: 'tattoo', burned: 'burn', burnt: 'burn', pockmarked: 'mark' };
// "favouring his left leg": the bad leg is the one spared.
// "dragging his left leg behind him" is the same leg.
const FAVOURED_LEG = /\b(?:favou?r(?:ing|ed|s)?|dragg(?:ing|ed)|drags?|trail(?:ing|ed|s)?)\s+(her|his|my)\s+(left|right)\s+(leg|foot|knee|hip|ankle)\b/giu;
// "dragging the left leg as he had dragged it for twenty years", "his left leg dragging on the stairs".
const DRAGGED_THE_LEG = /\b(?:favou?r(?:ing|ed|s)?|dragg(?:ing|ed)|drags?|trail(?:ing|ed|s)?)\s+the\s+(left|right)\s+(leg|foot)\b/giu;
const LEG_DRAGGING = /\b(her|his|my)\s+(left|right)\s+(leg|foot)\s+(?:dragging|trailing|dragged|trailed|swinging\s+stiff|stiff\s+and\s+swinging)\b/giu;
const SIDE_CONDITION = /\b(limp(?:ed|s|ing)?|lame|blind|deaf)\b[^.!?;“”"]{0,25}?\b(?:on|in|with|of)\s+(?:(her|his|my|the|one,?\s+the)\s+)?(left|right)\s+(leg|foot|eye|ear|side|knee)\b/giu;
// "Right leg stiff ever since", "her lame left leg": a leg that stays bad, not one hurt for a day ("stiff from kneeling").
// "swinging his bad left leg": a leg called bad beside its side is the lasting one.
const LAME = '(?:stiff|lame|gammy|game|gimpy|withered|crippled|bad)';
const LAME_SIDE = new RegExp(`\\b(?:(her|his|my|the|a)\\s+)?${LAME}\\s+(left|right)\\s+(leg|knee|hip)\\b`, 'giu');
const SIDE_LAME = new RegExp(`\\b(?:(her|his|my|the)\\s+)?(left|right)\\s+(leg|knee|hip)\\s+(?:(?:is|was|has\\s+been|had\\s+been|stayed|remained|went)\\s+)?${LAME}\\b(?!\\s+(?:from|with|after|for)\\b)`, 'giu');
// "shrapnel in the left knee, which will not bend": a war wound in a leg is the bad leg for good.
const WOUNDED_LEG = /\b(?:shrapnel|bullet|war\s+wound|shell\s+splinter)\b[^.!?;“”"]{0,25}?\b(?:in|to|on|through)\s+(?:(her|his|my|the)\s+)?(left|right)\s+(leg|knee|hip|thigh|ankle|foot)\b/giu;
// "His left knee was rebuilt in 1994", "her right hip never came right": a leg mended or ruined for good.
const LEG_RUINED = /\b(?:(her|his|my|the)\s+)?(left|right)\s+(knee|hip|leg|ankle)\s+(?:(?:was|had\s+been|has\s+been|is)\s+)?(?:rebuilt|replaced|reconstructed|shattered|smashed|crushed|pinned|fused|operated\s+on|never\s+(?:came\s+right|healed|mended|the\s+same))\b/giu;
// "his right knee, where the German iron was": the wound named after the knee.
const KNEE_WHERE_WOUND = /\b(her|his|my)\s+(left|right)\s+(knee|leg|hip|thigh|ankle),?\s+where\s+the\s+(?:[\p{L}-]+\s+){0,2}(?:iron|shrapnel|bullet|shell|splinter|wound|metal|steel)\b/giu;
const GOOD_SIDE = /\b(her|his|my)\s+good\s+(left|right)\s+(leg|foot|knee|hip)\b/giu;
// "limps on the right": a limp is in a leg, whether or not the leg is named.
// "limps - left leg", "Limp: right": a note's shorthand.
const LIMP_NOTED = /\blimp(?:s|ed|ing)?\s*[-–—:,]\s*(?:(?:the|his|her)\s+)?(left|right)\b(?:\s+(?:leg|foot|knee|hip))?/giu;
const LIMP_ON_SIDE = /\b(?:limp(?:ed|s|ing)?|lame)\s+(?:(?:badly|slightly|a\s+little|heavily)\s+)?(?:on|in)\s+the\s+(left|right)\b(?!\s+(?:hand|arm|eye|ear|side|of)\b)/giu;
// "all five fingers of his left hand": that hand has lost none, so a finger lost is on the other.
const WHOLE_HAND = /\ball\s+(?:five|5|the)\s+fingers\s+of\s+(her|his|my)\s+(left|right)\s+hand\b/giu;
// "the fingers of his left hand were drumming on the marble, all four of them".
const WHOLE_HAND_AFTER = /\bfingers\s+of\s+(her|his|my)\s+(left|right)\s+hand\b[^.!?;]{0,60}?,\s+all\s+(?:four|five|4|5)\s+of\s+them\b/giu;
const MISSING = /\b(missing|lost)\s+(?:\w+\s+){0,6}?(fingers?|forefingers?|thumb|eye|ear|hand|arm|leg)\b[^.!?;]{0,20}?\b(?:on|from|of)\s+(?:(her|his|my|the)\s+)?(left|right)\s+(hand|side|foot)?/giu;
// Fingers named after their hand: "the ring and little fingers of the right hand lost", "her left hand, with its
// two missing fingers", "his right hand, the stump of the forefinger".
const DIGIT_WORDS = '(?:(?:the|its|her|his|my|a|one|two|three|four|both|top|joint|tip|first|second|third|fourth|last|little|ring|index|middle|fore|small|pinky|pinkie|and|of)\\s+)';
const DIGIT = '(fingers?|forefingers?|thumbs?)';
const DIGITS_OF_SIDE_LOST = new RegExp(`\\b${DIGIT}\\s+(?:of|on)\\s+(?:(the|her|his|my)\\s+)?(left|right)\\s+hand\\s+(?:(?:was|were|are|is|had\\s+been|have\\s+been)\\s+)?(?:lost|missing|gone|amputated|taken\\s+off)\\b`, 'giu');
// The hand may be a card's label: "Left hand: third and fourth fingers lost to a falling davit".
const SIDE_HAND_MISSING = new RegExp(`\\b(?:(her|his|my|the)\\s+)?(left|right)\\s+hand\\b(?:\\s*[,:]\\s*|\\s+[—–-]\\s+|\\s+)(?:with\\s+|and\\s+|where\\s+|showing\\s+|the\\s+one\\s+with\\s+)?(?:${DIGIT_WORDS}{0,4}(?:missing|lost|absent)\\s+${DIGIT}|(?:the\\s+|its\\s+|a\\s+)?(?:stub|stump|stumps|stubs)\\s+of\\s+${DIGIT_WORDS}{0,4}${DIGIT}|(?:the\\s+|its\\s+)?${DIGIT_WORDS}{0,3}${DIGIT}\\s+(?:(?:were|was|are|is|had\\s+been)\\s+)?(?:missing|gone|lost|amputated))\\b`, 'giu');
// The hand named, then what it lacks set after a comma: "rested his right hand on it, the two stumps
// where the missing fingers had been", "his right hand flat on the table, the hand with the two fingers gone".
const SIDE_HAND_APPOSED = new RegExp(`\\b(her|his|my)\\s+(left|right)\\s+hand\\b(?:[^.!?;,“”"]{0,40},\\s+){1,2}?(?:the\\s+(?:hand|one)\\s+(?:with|that\\s+had|that\\s+was|missing)\\s+)?${DIGIT_WORDS}{0,4}(?:(?:stub|stump)s?\\b(?!\\s+of\\s+(?!${DIGIT_WORDS}{0,4}${DIGIT}))|(?:missing|lost|short|shortened|stubby|stunted|half)\\s+(?:(?:little|ring|middle|index|fore)\\s+)?${DIGIT}|${DIGIT}\\s+(?:gone|missing|lost|short))`, 'giu');
// The side on the digit itself: "the top joint of the right ring finger missing", "the stump of his
// right forefinger", "her left thumb gone at the knuckle".
const SIDE_DIGIT = `(left|right)\\s+(?:(?:ring|little|index|middle|first|small|pinky|pinkie)\\s+)?${DIGIT}`;
const SIDE_DIGIT_MISSING = new RegExp(`\\b(?:(the|her|his|my)\\s+)?${SIDE_DIGIT}\\s+(?:(?:was|were|is|are|had\\s+been|have\\s+been)\\s+)?(?:missing|gone|lost|amputated|taken\\s+off)\\b`, 'giu');
// "missing the tip of his left ring finger", "lost her right thumb", "lost the top joint of the left forefinger".
const LOST_SIDE_DIGIT = new RegExp(`\\b(?:missing|lost|loses|lose)\\s+(?:(?:the|a|an)\\s+)?(?:(?:tip|top|end|first|last|top\\s+joint|first\\s+joint|last\\s+joint|joint|part|half)\\s+of\\s+)?(?:(the|her|his|my)\\s+)?${SIDE_DIGIT}\\b`, 'giu');
// "the stump of my uncle's right ring finger": the owner may be named in a possessive.
const STUMP_OF_SIDE_DIGIT = new RegExp(`\\b(?:stub|stump|stumps|stubs)\\s+of\\s+(?:(the|her|his|my)\\s+|(?:\\p{L}+\\s+)?\\p{L}+['’]s\\s+)?${SIDE_DIGIT}\\b`, 'giu');
// Only its place is left: "the stump where his left little finger had been", "where the little finger of
// his right hand ought to have been".
const WAS_ONCE = '(?:had\\s+been|ought\\s+to\\s+have\\s+been|should\\s+have\\s+been|used\\s+to\\s+be|once\\s+was|would\\s+have\\s+been)';
const WHERE_SIDE_DIGIT_WAS = new RegExp(`\\bwhere\\s+(?:(the|her|his|my)\\s+)?${SIDE_DIGIT}\\s+${WAS_ONCE}`, 'giu');
const WHERE_DIGIT_OF_SIDE_WAS = new RegExp(`\\bwhere\\s+(?:the\\s+|her\\s+|his\\s+|my\\s+)?((?:(?:little|ring|middle|index|small|third|fourth|second|first)\\s+)?${DIGIT})\\s+of\\s+(her|his|my)\\s+(left|right)\\s+hand\\s+${WAS_ONCE}`, 'giu');
const BORN_IN = /\bborn\s+(?:and\s+(?:raised|bred)\s+)?in\s+((?:the\s+)?\p{Lu}[\p{L}'’-]+(?:\s+(?:upon|on|under|in|de|la|le)?\s*\p{Lu}[\p{L}'’-]+)*)/gu;
const NOT_PLACES = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Spring|Summer|Autumn|Winter|The\s+(?:Spring|Summer|Autumn|Winter|Year))$/;
// Hair that changes on purpose or with age says nothing about the canon colour.
// "her new blonde hair", "his newly red hair": a colour just put on.
const HAIR_CHANGES = new RegExp(`\\b(?:dyed|dye|bleach(?:ed)?|wig|tinted|henna(?:ed|s)?|peroxided?|out\\s+of\\s+a\\s+bottle|from\\s+a\\s+bottle|going\\s+(?:grey|gray|white)|greying|graying|streaked|flecked|turned\\s+(?:grey|gray|white)|new(?:ly)?\\s+(?:${HAIR}))\\b`, 'i');
/** True when a text says hair was coloured on purpose or is changing ("put henna through her hair"). */
export function hairChanged(text: string): boolean {
  return HAIR_CHANGES.test(text);
}

/** True when a text says what dirtied the hair ("It was not age; it was fly, the fine wool dust"). */
export function hairDirtied(text: string): boolean {
  return HAIR_DIRT.test(text);
}

// Dirt colours the hair after its noun ("his black hair gone grey with flour", "hair white with snow"),
// never the colour written before it.
const HAIR_DIRT = /\b(?:flour|dust|ash|ashes|snow|soot|mud|paint|plaster|sawdust|oil|grease|tar|blood|grime|dirt|muck|sweat|rain|brine|seawater|fly|fluff|lint|wool|chalk|lime|limewash|whitewash|cement|frost|salt|spray)\b/i;

// On a card, only a wig hides the hair's own colour; a dye is said beside it ("Mousy brown hair
// (hennas it red for the dance)" is brown and red: either may be written).
const HAIR_WIG = /\bwigs?\b/i;
const HAIR_DYED = new RegExp(`\\b(?:dye[sd]?|dyeing|henna(?:s|ed)?|bleach(?:es|ed)?|tint(?:s|ed)?)\\s+(?:it\\s+|(?:her|his)\\s+hair\\s+)?(?:a\\s+|an\\s+)?((?:${HAIR})(?:[\\s-](?:${HAIR}))?)\\b`, 'i');
// "grey-streaked hair", "silver-flecked hair": on a card, the hair is that colour now.
const HAIR_STREAKED = new RegExp(`(?<![\\p{L}-])(${HAIR})-(?:streaked|flecked|shot|threaded)(?:,?\\s+${HAIR_STYLE})?\\s+hair\\b`, 'giu');

// Which fingers a phrase names: "the first two" are the index and middle, "the two last" the ring and
// little, "index and middle fingers" both.
const FINGER_PAIRS: ReadonlyArray<[RegExp, string[]]> = [
  [/\b(?:first\s+two|two\s+first)\b/i, ['index', 'middle']],
  [/\b(?:two\s+(?:smallest|last)|last\s+two)\b/i, ['ring', 'little']],
];
const FINGER_NAME: Record<string, string> = {
  little: 'little', small: 'little', smallest: 'little', pinky: 'little', pinkie: 'little', fourth: 'little',
  ring: 'ring', third: 'ring', middle: 'middle', second: 'middle', index: 'index', first: 'index', fore: 'index',
};

function fingersNamed(text: string): string[] {
  const pair = FINGER_PAIRS.find(([pattern]) => pattern.test(text));
  if (pair) return pair[1];
  const named = [...text.matchAll(/\b(little|small|smallest|pinky|pinkie|fourth|ring|third|middle|second|index|first|fore)(?=\s*(?:and\b|&|,|fingers?\b)|fingers?\b)/giu)].map((match) => FINGER_NAME[match[1]!.toLowerCase()]!);
  if (/\bthumbs?\b/i.test(text)) named.push('thumb');
  return [...new Set(named)];
}

// A finger the hand still has: "the little finger of his left hand", "between the first two fingers of his left hand".
const FINGER_OF_HAND = /\b((?:the\s+)?(?:(?:first|last)\s+two|two\s+(?:smallest|last|first)|(?:little|ring|middle|index|small|third|fourth|second|first)(?:\s+and\s+(?:little|ring|middle|index|small|third|fourth|second))?)\s+fingers?|(?:the\s+)?forefinger|(?:the\s+)?thumb)\s+of\s+(her|his|my)\s+(left|right)\s+hand\b/giu;
// Words that say the finger is gone, or only its place: "the stump of", "what was left of", "where … had been".
const FINGER_GONE_BEFORE = /\b(?:stumps?|stubs?|missing|lost|lose|loses|gone|remaining|left\s+of|without|no|place\s+of|where)\s+(?:\p{L}+\s+){0,3}$/iu;
const FINGER_GONE_AFTER = /^\s*(?:was|were|is|are|had\s+been|have\s+been)?\s*(?:missing|gone|lost|amputated|taken|cut\s+off|blown\s+off)\b|^\s*had\s+been\b/i;

/** Every trait phrase of one sentence (offsets are into `text`, which is the sentence's paragraph). */
const POSSESSIVE_BEFORE = /\b(her|his|my)\s+(?:[\p{Ll}-]+\s+){1,2}$/u;

export function traitPhrases(text: string, from = 0, to = text.length, options: { card?: boolean } = {}): TraitPhrase[] {
  // Emphasis marks (`down his **left cheek**`) become spaces, so offsets stay those of `text`.
  const sentence = text.slice(from, to).replace(/[*_]/g, ' ');
  // On a card, an aside about the past ("(dark as a girl - see wedding photo)") is not the colour now,
  // and greying is how the hair is now, not a change to look past.
  const colours = options.card ? sentence.replace(/\([^()]*\)/g, (aside) => (PAST_COLOUR.test(aside) ? ' '.repeat(aside.length) : aside)) : sentence;
  const changes = options.card ? HAIR_WIG : HAIR_CHANGES;
  const dyed = options.card ? HAIR_DYED.exec(colours) : null;
  const found: TraitPhrase[] = [];
  const push = (attribute: string, values: string[], match: RegExpExecArray | RegExpMatchArray, subjectOffset: number, pronoun: string | null = null, valueText?: string): void => {
    if (values.length === 0) return;
    // "Dark hair, going grey": on a card, either may be said.
    if (options.card && attribute === 'hair' && GREYING.test(colours)) values = [...new Set([...values, 'grey'])];
    if (dyed && attribute === 'hair') values = [...new Set([...values, ...hairValues(dyed[1]!)])];
    // "through his thick black hair": the owner's pronoun a word or two before the colour.
    if (pronoun === null && (attribute === 'hair' || attribute === 'eyes')) pronoun = POSSESSIVE_BEFORE.exec(sentence.slice(0, match.index!))?.[1]!.toLowerCase() ?? null;
    // "with those dark brown eyes of hers": the owner named after the colour.
    const ofOwner = pronoun === null ? /^\s+of\s+(hers|his)\b/i.exec(sentence.slice(match.index! + match[0].length))?.[1] : undefined;
    if (ofOwner !== undefined) pronoun = ofOwner.toLowerCase() === 'hers' ? 'her' : 'his';
    found.push({ attribute, values, text: match[0], valueText: valueText ?? match[1] ?? match[0], start: from + match.index!, subjectAt: from + subjectOffset, pronoun });
  };
  for (const match of colours.matchAll(EYES_BEFORE)) push('eyes', eyeValues(match[1]!), match, match.index);
  for (const match of colours.matchAll(EYED)) push('eyes', eyeValues(match[1]!), match, match.index);
  for (const match of colours.matchAll(EYES_WERE)) push('eyes', eyeValues(match[2]!), match, match.index, null, match[2]);
  for (const match of colours.matchAll(EYES_AFTER)) {
    const { values, valueText } = colourAfterValues('eyes', match);
    push('eyes', values, match, match.index, null, valueText);
  }
  for (const match of colours.matchAll(HUE_OF_EYES)) {
    // The owner stands after the hue: the pronoun itself, or just past the name's "'s".
    const owner = match[2] ?? match[3]!;
    const ownerAt = match.index + match[0].indexOf(` ${owner}`) + 1;
    const subjectAt = match[2] !== undefined ? ownerAt : ownerAt + owner.length + 1;
    if (!found.some((phrase) => phrase.attribute === 'eyes' && phrase.start === from + match.index)) push('eyes', eyeValues(match[1]!), match, subjectAt, match[2]?.toLowerCase() ?? null, match[1]);
  }
  for (const match of colours.matchAll(EYES_APPOSED)) {
    if (!found.some((phrase) => phrase.attribute === 'eyes' && phrase.start === from + match.index)) push('eyes', eyeValues(match[1]!), match, match.index, null, match[1]);
  }
  for (const match of colours.matchAll(EYES_NAMED_APART)) {
    if (!found.some((phrase) => phrase.attribute === 'eyes' && phrase.start === from + match.index)) push('eyes', eyeValues(match[1]!), match, match.index, null, match[1]);
  }
  for (const match of colours.matchAll(COLOURED_LIKE)) {
    const attribute = /^eyes$/i.test(match[2]!) ? 'eyes' : 'hair';
    if (attribute === 'hair' && changes.test(colours)) continue;
    push(attribute, colouredLikeValues(match[1]!, attribute), match, match.index, null, `${match[1]}-coloured`);
  }
  for (const match of colours.matchAll(HAIR_AFTER)) {
    // "the colour of ash" is a likeness, not ash in the hair: only the rest of the sentence may say the hair changed.
    const rest = colours.slice(0, match.index) + colours.slice(match.index + match[0].length);
    if (changes.test(rest) || HAIR_DIRT.test(rest)) continue;
    const { values, valueText } = colourAfterValues('hair', match);
    push('hair', values, match, match.index, null, valueText);
  }
  if (options.card) for (const match of colours.matchAll(HAIR_WENT)) push('hair', hairValues(match[2]!), match, match.index, null, match[2]);
  if (!changes.test(colours)) {
    for (const match of colours.matchAll(HAIR_BEFORE)) push('hair', hairValues(match[1]!), match, match.index);
    for (const match of colours.matchAll(HAIRED)) push('hair', hairValues(match[1]!), match, match.index);
    for (const match of colours.matchAll(HAIR_STYLED)) push('hair', hairValues(match[2]!), match, match.index, match[1]!.toLowerCase(), match[2]);
    // "Her hair had been black as a Bible once": in the prose, a colour it had is not the colour it has.
    const hadBeen = (match: RegExpMatchArray): boolean => !options.card && (/\bhad\s+been\b/i.test(match[0]) || /\b(?:once|used\s+to)\b/i.test(colours));
    if (!HAIR_DIRT.test(colours)) for (const match of colours.matchAll(HAIR_WAS)) if (!hadBeen(match)) push('hair', hairValues(match[2]!), match, match.index, null, match[2]);
    for (const match of colours.matchAll(REDHEAD)) push('hair', ['red'], match, match.index, null, 'red');
    if (options.card) for (const match of colours.matchAll(HAIR_STREAKED)) push('hair', hairValues(match[1]!), match, match.index);
    if (options.card) for (const match of colours.matchAll(HAIR_LABEL)) push('hair', hairValues(match[2]!), match, match.index, null, match[2]);
  }
  for (const match of sentence.matchAll(HANDED)) {
    // On a card, "Right-handed before the accident" was the hand then, not now.
    if (options.card && HAND_BEFORE.test(sentence.slice(match.index + match[0].length))) continue;
    push('handedness', handednessValues(match[0]), match, match.index, null, match[0]);
  }
  for (const match of sentence.matchAll(WRITING_HAND)) push('handedness', [match[2]!.toLowerCase()], match, match.index, match[1]!, `${match[2]} hand`);
  for (const match of sentence.matchAll(DOES_IT_HAND)) push('handedness', [match[2]!.toLowerCase()], match, match.index, match[1]!, `${match[2]} hand`);
  for (const match of sentence.matchAll(HABIT_HAND)) push('handedness', [match[2]!.toLowerCase()], match, match.index, match[1]!, `${match[2]} hand`);
  for (const match of sentence.matchAll(PEN_HAND)) push('handedness', [match[2]!.toLowerCase()], match, match.index, match[1]!, `${match[2]} hand`);
  for (const match of sentence.matchAll(MARK)) {
    const owner = match[2]?.toLowerCase();
    push(`mark:${match[1]!.toLowerCase()}:${match[4]!.toLowerCase()}`, [match[3]!.toLowerCase()], match, match.index, owner && owner !== 'the' ? owner : null, `${match[3]} ${match[4]}`);
  }
  for (const match of sentence.matchAll(MARK_SIDE_OF)) {
    const owner = match[3]?.toLowerCase();
    push(`mark:${match[1]!.toLowerCase()}:${match[4]!.toLowerCase()}`, [match[2]!.toLowerCase()], match, match.index, owner && owner !== 'the' ? owner : null, `${match[2]} side of the ${match[4]}`);
  }
  for (const match of sentence.matchAll(SIDE_THEN_MARK)) {
    push(`mark:${match[4]!.toLowerCase()}:${match[3]!.toLowerCase()}`, [match[2]!.toLowerCase()], match, match.index, match[1]!.toLowerCase(), `${match[2]} ${match[3]}`);
  }
  for (const match of sentence.matchAll(MARKED_SIDE)) {
    push(`mark:${MARKED_KIND[match[2]!.toLowerCase()]}:${match[4]!.toLowerCase()}`, [match[3]!.toLowerCase()], match, match.index, match[1]!.toLowerCase(), `${match[3]} ${match[4]}`);
  }
  for (const match of sentence.matchAll(SIDE_CONDITION)) {
    const condition = match[1]!.toLowerCase().replace(/(?:ed|s|ing)$/, '');
    const owner = match[2]?.toLowerCase();
    // A limp is in the leg, whether the foot, the knee or the leg is named.
    const part = condition === 'limp' || condition === 'lame' ? 'leg' : match[4]!.toLowerCase();
    push(`mark:${condition === 'lame' ? 'limp' : condition}:${part}`, [match[3]!.toLowerCase()], match, match.index, owner && /^(?:her|his|my)$/.test(owner) ? owner : null, `${match[3]} ${match[4]}`);
  }
  for (const match of [...sentence.matchAll(LAME_SIDE), ...sentence.matchAll(SIDE_LAME)]) {
    const owner = match[1]?.toLowerCase();
    // "he went over it slowly, bringing the stiff right leg after it": the leg is the one of the she or he before.
    const subject = owner === 'the' ? /\b(she|he)\b(?![\s\S]*\b(?:she|he)\b)/i.exec(sentence.slice(0, match.index))?.[1]?.toLowerCase() : undefined;
    push('mark:limp:leg', [match[2]!.toLowerCase()], match, match.index!, owner && /^(?:her|his|my)$/.test(owner) ? owner : (subject === undefined ? null : subject === 'she' ? 'her' : 'his'), `${match[2]} ${match[3]}`);
  }
  // A leg wounded, mended or ruined for good: owner, side and part in the same groups.
  for (const match of [...sentence.matchAll(KNEE_WHERE_WOUND), ...sentence.matchAll(LEG_RUINED), ...sentence.matchAll(WOUNDED_LEG)]) {
    const owner = match[1]?.toLowerCase();
    push('mark:limp:leg', [match[2]!.toLowerCase()], match, match.index!, owner && owner !== 'the' ? owner : null, `${match[2]} ${match[3]}`);
  }
  // "his good left foot": the bad leg is the other one.
  for (const match of sentence.matchAll(GOOD_SIDE)) push('mark:limp:leg', [match[2]!.toLowerCase() === 'left' ? 'right' : 'left'], match, match.index, match[1]!.toLowerCase(), `${match[2]} ${match[3]}`);
  for (const match of sentence.matchAll(FAVOURED_LEG)) push('mark:limp:leg', [match[2]!.toLowerCase()], match, match.index, match[1]!.toLowerCase(), `${match[2]} ${match[3]}`);
  for (const match of sentence.matchAll(LIMP_ON_SIDE)) push('mark:limp:leg', [match[1]!.toLowerCase()], match, match.index, null, `${match[1]} leg`);
  for (const match of sentence.matchAll(DRAGGED_THE_LEG)) push('mark:limp:leg', [match[1]!.toLowerCase()], match, match.index, null, `${match[1]} ${match[2]}`);
  for (const match of sentence.matchAll(LEG_DRAGGING)) push('mark:limp:leg', [match[2]!.toLowerCase()], match, match.index, match[1]!.toLowerCase(), `${match[2]} ${match[3]}`);
  for (const match of sentence.matchAll(LIMP_NOTED)) push('mark:limp:leg', [match[1]!.toLowerCase()], match, match.index, null, `${match[1]} leg`);
  for (const match of sentence.matchAll(WHOLE_HAND)) {
    push('mark:missing:finger', [match[2]!.toLowerCase() === 'left' ? 'right' : 'left'], match, match.index, match[1]!.toLowerCase(), match[0]);
  }
  for (const match of sentence.matchAll(WHOLE_HAND_AFTER)) {
    push('mark:missing:finger', [match[2]!.toLowerCase() === 'left' ? 'right' : 'left'], match, match.index, match[1]!.toLowerCase(), match[0]);
  }
  for (const match of sentence.matchAll(MISSING)) {
    const owner = match[3]?.toLowerCase();
    push(`mark:missing:${match[2]!.toLowerCase().replace(/s$/, '').replace(/^fore/, '')}`, [match[4]!.toLowerCase()], match, match.index, owner && owner !== 'the' ? owner : null, `${match[4]} ${match[5] ?? 'side'}`);
  }
  const digit = (word: string): string => (/thumb/i.test(word) ? 'thumb' : 'finger');
  for (const match of sentence.matchAll(DIGITS_OF_SIDE_LOST)) {
    const owner = match[2]?.toLowerCase();
    push(`mark:missing:${digit(match[1]!)}`, [match[3]!.toLowerCase()], match, match.index, owner && owner !== 'the' ? owner : null, `${match[3]} hand`);
  }
  for (const match of sentence.matchAll(SIDE_HAND_MISSING)) {
    const owner = match[1]?.toLowerCase();
    push(`mark:missing:${digit(match[3] ?? match[4] ?? match[5]!)}`, [match[2]!.toLowerCase()], match, match.index, owner && owner !== 'the' ? owner : null, `${match[2]} hand`);
  }
  for (const match of sentence.matchAll(SIDE_HAND_APPOSED)) {
    if (found.some((phrase) => phrase.attribute.startsWith('mark:missing:') && phrase.start === from + match.index)) continue;
    push(`mark:missing:${/thumb/i.test(match[0]) ? 'thumb' : 'finger'}`, [match[2]!.toLowerCase()], match, match.index, match[1]!.toLowerCase(), `${match[2]} hand`);
  }
  for (const match of [...sentence.matchAll(SIDE_DIGIT_MISSING), ...sentence.matchAll(STUMP_OF_SIDE_DIGIT), ...sentence.matchAll(LOST_SIDE_DIGIT)]) {
    const owner = match[1]?.toLowerCase();
    // A possessive owner ("my uncle's") is looked for right before the side it owns.
    const possessed = owner === undefined && /['’]s\s+$/.test(match[0].slice(0, match[0].toLowerCase().lastIndexOf(match[2]!.toLowerCase())));
    const subjectOffset = possessed ? match.index! + match[0].toLowerCase().lastIndexOf(match[2]!.toLowerCase()) : match.index!;
    push(`mark:missing:${digit(match[3]!)}`, [match[2]!.toLowerCase()], match, subjectOffset, owner && owner !== 'the' ? owner : null, `${match[2]} hand`);
  }
  for (const match of sentence.matchAll(WHERE_SIDE_DIGIT_WAS)) {
    const owner = match[1]?.toLowerCase();
    push(`mark:missing:${digit(match[3]!)}`, [match[2]!.toLowerCase()], match, match.index, owner && owner !== 'the' ? owner : null, `${match[2]} hand`);
  }
  for (const match of sentence.matchAll(WHERE_DIGIT_OF_SIDE_WAS)) {
    push(`mark:missing:${digit(match[2]!)}`, [match[4]!.toLowerCase()], match, match.index, match[3]!.toLowerCase(), `${match[4]} hand`);
  }
  // Each lost finger by name and hand, to set against a finger of that hand still used ("the ring on the
  // little finger of his left hand" when the card has that finger lost); a lost tip or joint leaves the finger.
  for (const phrase of [...found]) {
    // ("top joint of the left forefinger missing": the words before the phrase count too.)
    const said = sentence.slice(Math.max(0, phrase.start - from - 30), phrase.start - from + phrase.text.length);
    if (!phrase.attribute.startsWith('mark:missing:') || /\b(?:tip|top|joint|end|half|nail|short|shortened|stubby|stunted)\b/i.test(said)) continue;
    for (const finger of fingersNamed(phrase.text)) {
      found.push({ ...phrase, attribute: `mark:${phrase.values[0]}-hand finger:${finger}`, values: ['lost'], valueText: 'lost' });
    }
  }
  for (const match of sentence.matchAll(FINGER_OF_HAND)) {
    const before = sentence.slice(Math.max(0, match.index - 40), match.index);
    const after = sentence.slice(match.index + match[0].length, match.index + match[0].length + 30);
    if (FINGER_GONE_BEFORE.test(before) || FINGER_GONE_AFTER.test(after)) continue;
    for (const finger of fingersNamed(match[1]!)) {
      push(`mark:${match[3]!.toLowerCase()}-hand finger:${finger}`, ['there'], match, match.index, match[2]!.toLowerCase(), match[0]);
    }
  }
  for (const match of sentence.matchAll(BORN_IN)) {
    const place = match[1]!.replace(/^the\s+/i, '');
    if (!NOT_PLACES.test(place)) push('birthplace', [place.toLowerCase()], match, match.index, null, place);
  }
  return found;
}

/** True when two value sets agree: they share a value (`hazel` shares with `brown` and `green`). */
export function valuesAgree(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  return a.some((value) => b.some((other) => other === value || other.includes(value) || value.includes(other)));
}
