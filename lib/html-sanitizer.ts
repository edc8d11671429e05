/**
 * Document content (notes, memos, every HTML draft) is user HTML. It is reduced to formatting
 * markup when it is saved (domain/documents/drafts.ts), when rows written before are migrated
 * (db/migrations/tenant/012) and again before the PDF renderer sees it, with this one allow-list, so the desk, MCP, REST and the PDF all read the same clean HTML: no
 * scripts, frames, forms, SVG/MathML, <meta>/<base>, event handlers, element ids or names (DOM
 * clobbering), nor URLs that run code or fetch anything.
 *
 * - Links keep absolute http(s) and mailto hrefs only: a relative or protocol-relative href would
 *   point somewhere different in the desk, an MCP client and a PDF.
 * - Images keep only inline raster data (PNG, JPEG, GIF, WebP, base64): the renderer aborts every
 *   network request, and a remote or relative src would make each reader's browser fetch a URL
 *   chosen by the author (tracking, requests with the desk's cookies). SVG is refused even inline.
 * - `style` stays, reduced to a few alignment, emphasis and width properties with plain values:
 *   the editors write text alignment and the case cover draws with it; no url(), position or
 *   display can get through, so styled content cannot overlay or restyle the page around it.
 *
 * The output is a fixed point: sanitizing it again changes nothing (migration 012 relies on it).
 */
import sanitizeHtml from 'sanitize-html';

const LENGTH = /^\d+(\.\d+)?(px|pt|em|%)$/;
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const LINK = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'mark',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'margin-left': [LENGTH],
      width: [LENGTH],
    },
  },
  // Dropped with everything inside them, text included (the default keeps the text of a dropped
  // element): a script's source, a style sheet, an SVG's or formula's text, a frame's fallback.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'title',
    'head',
    'xmp',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return { tagName, attribs: href !== undefined && LINK.test(href.trim()) ? { ...rest, href } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !INLINE_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
