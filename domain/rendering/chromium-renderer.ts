/**
 * HTML → PDF with headless Chromium (Debian's package) through playwright-core: the browser's
 * own layout engine gives faithful headings, lists, tables, inline styles and every Spanish
 * character, and `page.pdf` paginates with a repeating header and "Página x de y" footer.
 * One browser per process, started on first use, with one context whose JavaScript is off and
 * whose every network request is aborted; renders reuse a small pool of its pages.
 */
import type { Browser, Page } from 'playwright-core';
import { END_TEXT_MARKER, signatureAreaHeightPt, type PdfRenderer, type RenderInput } from './pdf-renderer.js';
import { sanitizeContent } from './sanitize.js';
import { describedPdf, pdfTitle, PDF_CREATOR, PDF_LANGUAGE } from './pdf-metadata.js';
import { escapeHtml } from '../../lib/html.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { qrSvg } from '../verification/qr.js';

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
];

function documentHtml(input: RenderInput): string {
  const watermark = input.watermark ? `<div class="watermark">${escapeHtml(input.watermark)}</div>` : '';
  return `<!doctype html>
<html lang="${PDF_LANGUAGE}"><head><meta charset="utf-8"><title>${escapeHtml(pdfTitle(input))}</title>
<style>
  @page { size: Letter; }
  html, body { margin: 0; padding: 0; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 11pt; line-height: 1.45; color: #111; }
  h1 { font-size: 18pt; } h2 { font-size: 15pt; } h3 { font-size: 13pt; }
  h1, h2, h3, h4 { margin: 0.8em 0 0.4em; }
  p { margin: 0 0 0.7em; text-align: justify; }
  table { border-collapse: collapse; width: 100%; margin: 0.6em 0; }
  th, td { border: 1px solid #555; padding: 4px 6px; vertical-align: top; }
  th { background: #eee; }
  .reference { font-weight: bold; margin-bottom: 1em; }
  .signature-area { height: ${signatureAreaHeightPt(input.signatureSlots ?? 2)}pt; break-inside: avoid; }
  .end-text-marker { color: #fff; font-size: 2pt; line-height: 1; }
  .watermark { position: fixed; top: 40%; left: 0; width: 100%; text-align: center; transform: rotate(-35deg);
    font-size: 96pt; font-weight: bold; color: rgba(200, 0, 0, 0.16); z-index: 1000; }
</style></head>
<body>${watermark}
<div class="reference">Referencia: ${escapeHtml(input.reference)}</div>
<main>${sanitizeContent(input.html)}</main>
<div class="signature-area"><div class="end-text-marker" aria-hidden="true">${END_TEXT_MARKER}</div></div>
</body></html>`;
}

function headerTemplate(input: RenderInput): string {
  const number = input.officialNumber ? ` — ${escapeHtml(input.officialNumber)}` : '';
  return `<div style="font-size:8pt;width:100%;padding:0 20mm;margin-top:-2mm;display:flex;justify-content:space-between;font-family:'DejaVu Sans',sans-serif;color:#333">
    <span>${escapeHtml(input.municipality)}</span><span>${escapeHtml(input.documentTypeName)} (${escapeHtml(input.documentTypeAcronym)})${number}</span></div>`;
}

const PAGE_NUMBER = `Página <span class="pageNumber"></span> de <span class="totalPages"></span>`;

function footerTemplate(input: RenderInput): string {
  const style = "font-size:7pt;width:100%;font-family:'DejaVu Sans',sans-serif;color:#333";
  if (!input.verification) return `<div style="${style};font-size:8pt;text-align:center">${PAGE_NUMBER}</div>`;
  const { code, url } = input.verification;
  // The QR sits 5–37 pt above the page bottom: the signing service's lowest signature row starts at 40 pt.
  return `<div style="${style};padding:0 20mm;margin-bottom:-11pt;display:flex;align-items:flex-end;gap:6pt">
    ${qrSvg(url, 32)}<div style="flex:1;line-height:1.3">Código de verificación: <b>${escapeHtml(formatVerificationCode(code))}</b><br>Verifique en ${escapeHtml(url)}</div>
    <div>${PAGE_NUMBER}</div></div>`;
}

interface Pool {
  browser: Browser;
  idle: Page[];
  waiting: ((page: Page) => void)[];
}

export class ChromiumRenderer implements PdfRenderer {
  private pool: Promise<Pool> | undefined;

  /** `pages` renders run at once; each reuses a page (a new context per render costs ~200 ms). */
  constructor(
    private readonly executablePath: string,
    private readonly pages = 2,
  ) {}

  private start(): Promise<Pool> {
    if (!this.pool) {
      const starting = (async (): Promise<Pool> => {
        // Loaded with the first render: playwright-core costs a process ~0.6 s and ~90 MB at start.
        const { chromium } = await import('playwright-core');
        const browser = await chromium.launch({ executablePath: this.executablePath, args: LAUNCH_ARGS });
        browser.on('disconnected', () => {
          if (this.pool === starting) this.pool = undefined;
        });
        const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
        await context.route('**/*', (route) => route.abort());
        const idle = await Promise.all(Array.from({ length: this.pages }, () => context.newPage()));
        return { browser, idle, waiting: [] };
      })();
      this.pool = starting;
      starting.catch(() => {
        if (this.pool === starting) this.pool = undefined;
      });
    }
    return this.pool;
  }

  private async acquire(pool: Pool): Promise<Page> {
    return pool.idle.pop() ?? new Promise<Page>((resolve) => pool.waiting.push(resolve));
  }

  private release(pool: Pool, page: Page): void {
    const next = pool.waiting.shift();
    if (next) next(page);
    else pool.idle.push(page);
  }

  async render(input: RenderInput): Promise<Buffer> {
    const pool = await this.start();
    const page = await this.acquire(pool);
    try {
      await page.setContent(documentHtml(input), { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'Letter',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: headerTemplate(input),
        footerTemplate: footerTemplate(input),
        // The top margin keeps the signing service's stamp box (y 726-762 pt, top right) clear of text.
        margin: { top: '27mm', bottom: '18mm', left: '20mm', right: '20mm' },
        // Headings, paragraphs, lists and tables as a structure tree, for screen readers.
        tagged: true,
      });
      return await describedPdf(pdf, input, `${PDF_CREATOR} (Chromium)`);
    } finally {
      this.release(pool, page);
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.browser.close();
  }
}
