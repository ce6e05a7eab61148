// Scales the leading quantity of an ingredient line ("1 1/2 cups rice" × 2 → "3 cups rice"), and
// the word it counts with it ("1 onion" × 2 → "2 onions", not "2 onion": issue 26).
// Lines that do not start with a quantity ("Pinch of salt") are left as they are.

const VULGAR: Record<string, number> = {
  '½': 1 / 2,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅛': 1 / 8,
};
const NUM = String.raw`(?:\d+\s+\d+\/\d+|\d+\/\d+|\d*[½⅓⅔¼¾⅛]|\d+(?:\.\d+)?)`;
const LEADING = new RegExp(String.raw`^(${NUM})(?:(\s*[-–]\s*|\s+to\s+)(${NUM}))?(?=\s|[a-zA-Z]|$)`);

function parseQuantity(text: string): number {
  const t = text.trim();
  const vulgar = t.match(/^(\d*)([½⅓⅔¼¾⅛])$/);
  if (vulgar) return Number(vulgar[1] || 0) + (VULGAR[vulgar[2] as string] ?? 0);
  const mixed = t.match(/^(\d+)\s+(\d+)\/(\d+)$/);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const frac = t.match(/^(\d+)\/(\d+)$/);
  if (frac) return Number(frac[1]) / Number(frac[2]);
  return Number(t);
}

const FRACTIONS: Array<[number, string]> = [
  [1 / 8, '1/8'],
  [1 / 4, '1/4'],
  [1 / 3, '1/3'],
  [3 / 8, '3/8'],
  [1 / 2, '1/2'],
  [5 / 8, '5/8'],
  [2 / 3, '2/3'],
  [3 / 4, '3/4'],
  [7 / 8, '7/8'],
];

/** Cook-friendly number: whole and common fractions ("1 1/2"), else up to 2 decimals. */
export function formatQuantity(value: number, preferDecimal = false): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  const decimal = () => String(Math.round(value * 100) / 100);
  if (preferDecimal) return decimal();
  const whole = Math.floor(value);
  const rest = value - whole;
  if (rest < 0.02) return String(whole);
  if (rest > 0.98) return String(whole + 1);
  const match = FRACTIONS.find(([f]) => Math.abs(rest - f) < 0.02);
  if (!match) return decimal();
  if (whole === 0) return match[1];
  return `${whole} ${match[1]}`;
}

/** English word forms (the `pluralize` package, loaded when a reader first changes the servings). */
export interface Nouns {
  plural(word: string): string;
  singular(word: string): string;
}

/** Abbreviated units never change ("2 tbsp", "500 g"). */
const ABBREVIATIONS = new Set('g kg mg ml l cl dl oz lb lbs tbsp tsp tbs tbl qt pt fl cm mm in x'.split(' '));
/** Measures counted in their own right: "1 small bunch of mint" × 2 → "2 small bunches of mint". */
const MEASURES = new Set(
  (
    'cup litre liter tablespoon teaspoon pinch handful clove tin can slice bunch sprig stick sheet ' +
    'pack packet bag jar piece cube knob fillet rasher head stalk sachet pot bottle carton glass ' +
    'mug drop dash splash stem leaf punnet ball block bar loaf wedge'
  ).split(' '),
);
const SIZES = new Set('small medium large big heaped level generous rounded scant good'.split(' '));

/** A quantity read as singular: "1", or a fraction below one ("1/2 cup", "3/4 cup"); else plural. */
const isSingular = (quantity: string) => quantity === '1' || /^\d+\/\d+$|^[½⅓⅔¼¾⅛]$/.test(quantity);

/**
 * The word the quantity counts, in the form it now needs: the measure when the line has one ("cups
 * rice"), else the last word of the thing itself ("red onion, sliced" → onion). Abbreviated units and
 * "2 x 400 g tin" multipliers are left alone.
 */
function inflect(rest: string, singular: boolean, nouns: Nouns): string {
  if (!/^\s/.test(rest) || /^\s*x\s/i.test(rest)) return rest;
  const end = rest.search(/,|\(|;| of | - | – | for /);
  const phrase = end === -1 ? rest : rest.slice(0, end);
  const words = [...phrase.matchAll(/[A-Za-z]+/g)];
  if (!words.length || ABBREVIATIONS.has(words[0]![0].toLowerCase())) return rest;
  const lower = (i: number) => words[i]?.[0].toLowerCase() ?? '';
  const measure = [0, 1].find(
    (i) => MEASURES.has(nouns.singular(lower(i))) && (i === 0 || SIZES.has(lower(0))),
  );
  const target = words[measure ?? words.length - 1]!;
  const word = target[0];
  const form = singular ? nouns.singular(word) : nouns.plural(word);
  const at = target.index ?? 0;
  return rest.slice(0, at) + form + rest.slice(at + word.length);
}

/**
 * The ingredient line with its leading quantity (or range) multiplied by factor, and the word it counts
 * in agreement when `nouns` is given.
 */
export function scaleIngredient(line: string, factor: number, nouns?: Nouns): string {
  if (factor === 1) return line;
  const m = line.match(LEADING);
  if (!m) return line;
  const [whole, first, sep, second] = m;
  const decimal = (s: string) => s.includes('.');
  const scaled = (s: string) => formatQuantity(parseQuantity(s) * factor, decimal(s));
  const last = scaled((second ?? first) as string);
  const quantity = second ? `${scaled(first as string)}${sep}${last}` : last;
  const rest = line.slice(whole.length);
  const before = isSingular(second ?? (first as string));
  const after = isSingular(last);
  return quantity + (nouns && before !== after ? inflect(rest, after, nouns) : rest);
}
