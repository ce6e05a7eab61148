// Scales the leading quantity of an ingredient line ("1 1/2 cups rice" × 2 → "3 cups rice").
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

/** The ingredient line with its leading quantity (or range) multiplied by factor. */
export function scaleIngredient(line: string, factor: number): string {
  if (factor === 1) return line;
  const m = line.match(LEADING);
  if (!m) return line;
  const [whole, first, sep, second] = m;
  const decimal = (s: string) => s.includes('.');
  const scaled = (s: string) => formatQuantity(parseQuantity(s) * factor, decimal(s));
  const quantity = second ? `${scaled(first as string)}${sep}${scaled(second)}` : scaled(first as string);
  return quantity + line.slice(whole.length);
}
