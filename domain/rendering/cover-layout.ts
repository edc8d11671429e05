/**
 * The fixed layout of a cover the platform generates (the CAEX cover of a case): a title, a
 * subtitle, a two-column table and a closing line. It is stored as the document's HTML like any
 * content; `readCoverLayout` recognises that HTML again so the cover can be drawn directly
 * (cover-renderer.ts) instead of going through the browser.
 *
 * The HTML is written as the content sanitizer writes it (styles without spaces, text escaping
 * only & < >), so sanitizing a cover on save or in migration 012 leaves it recognisable.
 */

export interface CoverLayout {
  title: string;
  subtitle: string;
  rows: [label: string, value: string][];
  closing: string;
}

/** Text content escaped as sanitize-html escapes it (quotes stay as they are). */
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

export function coverLayoutHtml(layout: CoverLayout): string {
  return `<h1 style="text-align:center">${escapeText(layout.title)}</h1>
<h2 style="text-align:center">${escapeText(layout.subtitle)}</h2>
<table>${layout.rows.map(([k, v]) => `<tr><th style="width:35%">${escapeText(k)}</th><td>${escapeText(v)}</td></tr>`).join('')}</table>
<p>${escapeText(layout.closing)}</p>`;
}

const TEXT = '([^<]*)';
const COVER = new RegExp(
  `^<h1 style="text-align:center">${TEXT}</h1>\\n<h2 style="text-align:center">${TEXT}</h2>\\n<table>((?:<tr><th style="width:35%">[^<]*</th><td>[^<]*</td></tr>)+)</table>\\n<p>${TEXT}</p>$`,
);
const ROW = /<tr><th style="width:35%">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** The layout `html` was made from, or undefined for any other content (it is then rendered as HTML). */
export function readCoverLayout(html: string): CoverLayout | undefined {
  const m = COVER.exec(html);
  if (!m) return undefined;
  const layout: CoverLayout = {
    title: unescapeEntities(m[1]!),
    subtitle: unescapeEntities(m[2]!),
    rows: [...m[3]!.matchAll(ROW)].map((r): [string, string] => [unescapeEntities(r[1]!), unescapeEntities(r[2]!)]),
    closing: unescapeEntities(m[4]!),
  };
  // Only what this module wrote is taken: anything else, however close, goes through the browser.
  return coverLayoutHtml(layout) === html ? layout : undefined;
}
