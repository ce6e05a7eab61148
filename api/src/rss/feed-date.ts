/**
 * Feed dates as publishers write them: RFC 822 (RSS), ISO 8601 (Atom, dc:date), and RFC 822 with
 * the day and month names of the publisher's language ("Seg, 24 Set 2018 10:00:00 -0300").
 *
 * Why not a natural-language date library: chrono-node 2.10 (tried) answers "today at 08:15" for
 * "Di, 02 Okt 2018 08:15:00 GMT" with its German parser and ignores the date in "24 Mär 2018" — a
 * wrong date, silently, is worse than "date unknown". This reads only the shapes above and says null
 * for anything else.
 */

const MONTHS: Record<string, string[]> = {
  Jan: [
    'janeiro',
    'jan',
    'enero',
    'ene',
    'janvier',
    'janv',
    'januar',
    'jän',
    'jaen',
    'gennaio',
    'gen',
    'januari',
    'stycznia',
    'sty',
    'januar',
  ],
  Feb: [
    'fevereiro',
    'fev',
    'febrero',
    'feb',
    'février',
    'fevrier',
    'févr',
    'fevr',
    'février',
    'februar',
    'febbraio',
    'februari',
    'lutego',
    'lut',
  ],
  Mar: ['março', 'marco', 'mar', 'marzo', 'mars', 'märz', 'maerz', 'mär', 'maart', 'mrt', 'marca'],
  Apr: ['abril', 'abr', 'avril', 'avr', 'april', 'aprile', 'kwietnia', 'kwi'],
  May: ['maio', 'mai', 'mayo', 'may', 'maggio', 'mag', 'mei', 'maja', 'maj'],
  Jun: ['junho', 'jun', 'junio', 'juin', 'juni', 'giugno', 'giu', 'czerwca', 'cze'],
  Jul: ['julho', 'jul', 'julio', 'juillet', 'juil', 'juli', 'luglio', 'lug', 'lipca', 'lip'],
  Aug: ['agosto', 'ago', 'août', 'aout', 'august', 'aug', 'augustus', 'sierpnia', 'sie'],
  Sep: [
    'setembro',
    'set',
    'septiembre',
    'sept',
    'sep',
    'septembre',
    'september',
    'settembre',
    'września',
    'wrzesnia',
    'wrz',
  ],
  Oct: [
    'outubro',
    'out',
    'octubre',
    'oct',
    'octobre',
    'oktober',
    'okt',
    'ottobre',
    'ott',
    'października',
    'pazdziernika',
    'paź',
    'paz',
  ],
  Nov: ['novembro', 'nov', 'noviembre', 'novembre', 'november', 'listopada', 'lis'],
  Dec: [
    'dezembro',
    'dez',
    'diciembre',
    'dic',
    'décembre',
    'decembre',
    'déc',
    'dec',
    'dezember',
    'dicembre',
    'december',
    'grudnia',
    'gru',
  ],
};
/**
 * More languages (issue 44), month by month: Russian (genitive, nominative, abbreviation), Greek
 * (genitive and the abbreviations feeds use), Czech (genitive and nominative), Swedish, Danish and
 * Norwegian, Finnish (partitive and nominative), Hungarian, Romanian, Turkish and Catalan. Only
 * whole words and their usual abbreviations: a three-letter prefix is never guessed for these.
 */
const MORE_MONTHS: Record<string, string[]> = {
  Jan: [
    'января',
    'январь',
    'янв',
    'ιανουαριου',
    'ιανουαριος',
    'ιαν',
    'ledna',
    'leden',
    'januari',
    'januar',
    'tammikuuta',
    'tammikuu',
    'tammi',
    'január',
    'ianuarie',
    'ian',
    'ocak',
    'gener',
  ],
  Feb: [
    'февраля',
    'февраль',
    'фев',
    'φεβρουαριου',
    'φεβρουαριος',
    'φεβ',
    'února',
    'únor',
    'februari',
    'februar',
    'helmikuuta',
    'helmikuu',
    'helmi',
    'február',
    'febr',
    'februarie',
    'şubat',
    'subat',
    'febrer',
  ],
  Mar: [
    'марта',
    'март',
    'мар',
    'μαρτιου',
    'μαρτιος',
    'μαρ',
    'μαω',
    'března',
    'březen',
    'mars',
    'marts',
    'maaliskuuta',
    'maaliskuu',
    'maalis',
    'március',
    'márc',
    'martie',
    'mart',
    'març',
  ],
  Apr: [
    'апреля',
    'апрель',
    'апр',
    'απριλιου',
    'απριλιος',
    'απρ',
    'dubna',
    'duben',
    'huhtikuuta',
    'huhtikuu',
    'huhti',
    'április',
    'ápr',
    'aprilie',
    'nisan',
  ],
  May: [
    'мая',
    'май',
    'μαιου',
    'μαιος',
    'μαι',
    'května',
    'květen',
    'toukokuuta',
    'toukokuu',
    'touko',
    'május',
    'máj',
    'mayıs',
    'mayis',
    'maig',
  ],
  Jun: [
    'июня',
    'июнь',
    'июн',
    'ιουνιου',
    'ιουνιος',
    'ιουν',
    'ιον',
    'června',
    'červen',
    'kesäkuuta',
    'kesäkuu',
    'kesä',
    'június',
    'jún',
    'iunie',
    'iun',
    'haziran',
    'juny',
  ],
  Jul: [
    'июля',
    'июль',
    'июл',
    'ιουλιου',
    'ιουλιος',
    'ιουλ',
    'ιολ',
    'července',
    'červenec',
    'heinäkuuta',
    'heinäkuu',
    'heinä',
    'július',
    'júl',
    'iulie',
    'iul',
    'temmuz',
    'juliol',
  ],
  Aug: [
    'августа',
    'август',
    'авг',
    'αυγουστου',
    'αυγουστος',
    'αυγ',
    'srpna',
    'srpen',
    'augusti',
    'elokuuta',
    'elokuu',
    'elo',
    'augusztus',
    'ağustos',
    'agustos',
    'agost',
  ],
  Sep: [
    'сентября',
    'сентябрь',
    'сент',
    'сен',
    'σεπτεμβριου',
    'σεπτεμβριος',
    'σεπ',
    'září',
    'syyskuuta',
    'syyskuu',
    'syys',
    'szeptember',
    'szept',
    'septembrie',
    'eylül',
    'eylul',
    'setembre',
  ],
  Oct: [
    'октября',
    'октябрь',
    'окт',
    'οκτωβριου',
    'οκτωβριος',
    'οκτ',
    'října',
    'říjen',
    'lokakuuta',
    'lokakuu',
    'loka',
    'október',
    'octombrie',
    'ekim',
    'octubre',
  ],
  Nov: [
    'ноября',
    'ноябрь',
    'ноя',
    'νοεμβριου',
    'νοεμβριος',
    'νοε',
    'listopadu',
    'listopad',
    'marraskuuta',
    'marraskuu',
    'marras',
    'noiembrie',
    'noi',
    'kasım',
    'kasim',
    'novembre',
  ],
  Dec: [
    'декабря',
    'декабрь',
    'дек',
    'δεκεμβριου',
    'δεκεμβριος',
    'δεκ',
    'prosince',
    'prosinec',
    'desember',
    'joulukuuta',
    'joulukuu',
    'joulu',
    'decembrie',
    'aralık',
    'aralik',
    'desembre',
  ],
};
const MONTH_OF = new Map<string, string>();
for (const [english, names] of Object.entries(MONTHS)) for (const n of names) MONTH_OF.set(fold(n), english);
const WHOLE_WORD_ONLY = new Map<string, string>();
for (const [english, names] of Object.entries(MORE_MONTHS)) {
  for (const n of names) if (!MONTH_OF.has(fold(n))) WHOLE_WORD_ONLY.set(fold(n), english);
}

/** Zone names V8 does not read, as offsets. */
const ZONES: Record<string, string> = {
  CET: '+0100',
  CEST: '+0200',
  MEZ: '+0100',
  MESZ: '+0200',
  BST: '+0100',
  IST: '+0530',
  WET: '+0000',
  WEST: '+0100',
  EET: '+0200',
  EEST: '+0300',
  MSK: '+0300',
  JST: '+0900',
  KST: '+0900',
  AEST: '+1000',
  AEDT: '+1100',
  NZST: '+1200',
  NZDT: '+1300',
  BRT: '-0300',
  ART: '-0300',
  HKT: '+0800',
  SGT: '+0800',
};

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/** d MMM yyyy [hh:mm[:ss]] [zone]: the RFC 822 shape once the weekday has gone. */
const RFC822 =
  /^(\d{1,2})\.?\s+([A-Za-z]{3})\.?\s+(\d{4}|\d{2})(?:,?\s+(\d{1,2}:\d{2}(?::\d{2})?))?(?:\s+([A-Za-z]+|[+-]\d{4}|[+-]\d{2}:\d{2}))?$/;

/** A word without accents, lower-cased: "Março" → "marco", "Μαΐου" → "μαιου". */
function fold(w: string): string {
  return w
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Check the parts before asking Date: "31 Feb" and "hello 2018" are not dates. */
function fromParts(day: number, month: string, year: number, time: string, zone: string): Date | null {
  const m = Object.keys(MONTHS).indexOf(month);
  if (m < 0 || day < 1 || day > 31) return null;
  const fullYear = year < 100 ? 2000 + year : year;
  const probe = new Date(Date.UTC(fullYear, m, day));
  if (probe.getUTCMonth() !== m) return null;
  const d = new Date(`${day} ${month} ${fullYear} ${time || '00:00:00'} ${zone}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A feed's date, or null when it cannot be read with confidence. Dates without a zone are UTC. */
export function readFeedDate(input: unknown): Date | null {
  if (typeof input !== 'string') return null;
  const text = input.trim().replace(/\s+/g, ' ');
  if (!text || text.length > 80) return null;
  if (ISO.test(text)) {
    const d = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text.replace(' ', 'T')}Z`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  // "24-Sep-18" (RFC 850) reads as "24 Sep 18"; months in any of the languages above become English.
  const words = text
    .replace(/^(.*?)(\d{1,2})-([A-Za-zÀ-ÿ]+)\.?-(\d{2,4})/, '$1$2 $3 $4')
    .replace(/\s(de|del)\s/gi, ' ')
    .split(' ')
    // A leading weekday with its comma ("Seg,", "mar,"), in any language, is not needed.
    .filter((w, i) => !(i === 0 && /^[^\d]+,$/.test(w)))
    .map((w) => {
      const bare = fold(w.replace(/[.,]+$/, ''));
      if (!/^\p{L}{3,}$/u.test(bare)) return w;
      return MONTH_OF.get(bare) ?? WHOLE_WORD_ONLY.get(bare) ?? MONTH_OF.get(bare.slice(0, 3)) ?? w;
    });
  // A weekday without its comma ("lundi 24 septembre") goes too.
  if (words.length && !/^\d/.test(words[0] as string) && !((words[0] as string) in MONTHS)) words.shift();
  // "Sep 24, 2018 10:00 GMT" (month first) reads as "24 Sep 2018 10:00 GMT".
  if ((words[0] as string) in MONTHS && /^\d{1,2},?$/.test(words[1] ?? '')) {
    const [month, day, ...rest] = words as [string, string, ...string[]];
    words.splice(0, words.length, day.replace(',', ''), month, ...rest);
  }
  const m = RFC822.exec(words.join(' ').replace(/,(\s)/g, '$1'));
  if (!m) return null;
  const [, day, month, year, time = '', zoneWord = ''] = m;
  const zone = ZONES[zoneWord.toUpperCase()] ?? (zoneWord || 'GMT');
  return fromParts(Number(day), month as string, Number(year), time, zone);
}
