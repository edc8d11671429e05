/** Plain-text helpers shared by the summarizers and the sources: sentences, caps, HTML to text. */

const ABBREVIATIONS = new Set([
  'art',
  'arts',
  'inc',
  'incs',
  'sr',
  'sra',
  'sres',
  'dr',
  'dra',
  'dres',
  'lic',
  'ing',
  'arq',
  'prof',
  'gral',
  'av',
  'avda',
  'nro',
  'núm',
  'num',
  'n',
  'no',
  'pág',
  'pag',
  'págs',
  'cap',
  'dpto',
  'depto',
  'exp',
  'expte',
  'ord',
  'dec',
  'res',
  'ley',
  'etc',
  'ej',
  'aprox',
  'tel',
  'cel',
  'cía',
  'sa',
  'srl',
  'km',
  'mts',
  'hs',
  'hab',
  'prov',
  'mun',
  'vs',
  'ss',
  'sgte',
  'sgtes',
]);

const LETTER = /\p{L}/u;

/** The word (lower-cased) that ends just before `index`, not reaching back past `from`. */
function wordBefore(text: string, index: number, from: number): string {
  let i = index;
  while (i > from && LETTER.test(text[i - 1]!)) i--;
  return text.slice(i, index).toLowerCase();
}

/** Collapses runs of whitespace (also newlines) to one space. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Sentences of a Spanish text, each squashed, in order. A sentence ends at `.`, `!`, `?` or `…`
 * followed by a space and an upper-case letter, digit or opening mark — except after a common
 * abbreviation (`Art.`, `Dra.`, `N.`) — and at every line break, so headings and list items
 * stand alone.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const squashed = squash(line);
    if (!squashed) continue;
    let start = 0;
    const boundary = /[.!?…]+["”»)]?\s+(?=[¿¡"“«(]?[\p{Lu}\d])/gu;
    for (let m = boundary.exec(squashed); m; m = boundary.exec(squashed)) {
      const end = m.index + m[0].trimEnd().length;
      if (m[0].startsWith('.')) {
        const word = wordBefore(squashed, m.index, start);
        if (word && (word.length === 1 || ABBREVIATIONS.has(word))) continue;
      }
      out.push(squashed.slice(start, end));
      start = m.index + m[0].length;
    }
    const rest = squashed.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}

/** Cuts `text` to at most `max` characters at a word boundary, marking the cut with `…`. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:.-]+$/u, '')}…`;
}

/**
 * At most `max` characters: whole sentences while they fit (at least the first, cut at a word
 * if it alone is too long).
 */
export function capAtSentences(text: string, max: number): string {
  const flat = squash(text);
  if (flat.length <= max) return flat;
  let kept = '';
  for (const sentence of splitSentences(flat)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (next.length > max) break;
    kept = next;
  }
  return kept || cutAtWord(flat, max);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of stored document HTML: block elements become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|section|article|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}
