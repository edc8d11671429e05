/**
 * Verification by code shows the registered document itself, so the holder of a copy can compare
 * it: an image of each page (drawn from the official file, compared here with poppler's own
 * rendering of the same page) and a download of the official file, within the public rate limit,
 * with the images drawn once and then served from the object store.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import { sha256 } from '../../domain/documents/files.js';
import { registeredPageKey } from '../../domain/verification/page-images.js';
import { PAGE_TASK_TIMEOUT_MS, pdfLayout, renderPdfPage } from '../../domain/rendering/pdf-pages.js';
import { manyPages } from '../support/hostile-pdfs.js';
import { ResponseChecker } from '../openapi/checker.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoUser, request } from '../support/http.js';
import { letterPdf, pdfForm, prepareIntegrationDraft } from '../support/documents.js';
import { pdfInfo, pdfText } from '../support/pdf-tools.js';
import { officialDocument, type OfficialDocument } from './support/corpus.js';
import { sendMemo } from '../support/communications.js';
import { verificationCodeOf } from '../support/verification-codes.js';

const COMPARE =
  'Compare el documento que tiene con estas páginas: si el texto difiere, su copia no es el documento registrado.';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height (pt) of each page, as pdfinfo reads them. */
function pageSizes(pdf: Buffer): [number, number][] {
  const pages = Number(pdfInfo(pdf).Pages);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'expediente-pages-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const text = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages), path.join(dir, 'doc.pdf')]).toString('utf8');
    return [...text.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [Number(m[1]), Number(m[2])]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page `n` drawn by poppler's pdftoppm at exactly `width` × `height` pixels. */
function popplerPage(pdf: Buffer, n: number, width: number, height: number): PNG {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'expediente-pages-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-f',
      String(n),
      '-l',
      String(n),
      '-singlefile',
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      String(height),
      path.join(dir, 'doc.pdf'),
      path.join(dir, 'page'),
    ]);
    return PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Grey level (0 black … 255 white) of each cell of a `cell`-pixel grid: tolerant of anti-aliasing, not of other text. */
function greyGrid(png: PNG, cell: number): number[] {
  const cols = Math.floor(png.width / cell);
  const rows = Math.floor(png.height / cell);
  const grid = new Array<number>(cols * rows).fill(0);
  for (let y = 0; y < rows * cell; y++) {
    for (let x = 0; x < cols * cell; x++) {
      const i = (y * png.width + x) * 4;
      grid[Math.floor(y / cell) * cols + Math.floor(x / cell)]! +=
        (png.data[i]! + png.data[i + 1]! + png.data[i + 2]!) / 3;
    }
  }
  return grid.map((sum) => sum / (cell * cell));
}

/** An imported letter (standard Helvetica, not embedded), signed: one more page, its signatures page. */
async function importedOfficial(pages = 2): Promise<{ code: string; pdf: Buffer }> {
  const imported = await request('/api/v1/documents/import', {
    method: 'POST',
    headers: asIntegration('intendente'),
    form: pdfForm(
      { document_type_acronym: 'INF', reference: 'Carta externa' },
      { bytes: await letterPdf('Carta recibida, hoja', pages) },
    ),
  });
  assert.equal(imported.status, 201, imported.text);
  const id = imported.body.document_id as string;
  const patched = await request(`/api/v1/documents/${id}`, {
    method: 'PATCH',
    headers: asIntegration('intendente'),
    json: { signers: [demoUser('intendente')] },
  });
  assert.equal(patched.status, 200, patched.text);
  assert.equal(
    (await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('intendente') }))
      .status,
    200,
  );
  assert.equal(
    (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('intendente') })).status,
    200,
  );
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('intendente') });
  const pdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
  return { code: formatVerificationCode(await codeOf(id)), pdf };
}

const codeOf = verificationCodeOf;

const meanAbsDiff = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

/** Share of pixels that are not near-white. */
function ink(png: PNG): number {
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 600) dark++;
  return dark / (png.width * png.height);
}

describe('verification: the registered document on the code page (page images and download)', function () {
  this.timeout(180_000);
  let official: OfficialDocument;
  let api: { url: string; close(): Promise<void> };
  let code: string;
  let sizes: [number, number][];
  let letter: { code: string; pdf: Buffer; sizes: [number, number][] };
  const get = (p: string, headers: Record<string, string> = {}) => request(p, { baseUrl: api.url, headers });

  before(async () => {
    official = await officialDocument(['directora-obras', 'intendente'], 'Informe con páginas');
    code = formatVerificationCode(official.code);
    sizes = pageSizes(official.pdf);
    const imported = await importedOfficial();
    letter = { ...imported, sizes: pageSizes(imported.pdf) };
    api = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '1000' });
  });

  after(async () => {
    await api?.close();
  });

  it('the code page shows every page as an image, with the sentence to compare and the download', async () => {
    const res = await get(`/verificar/${code}`);
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-security-policy') ?? '', /img-src 'self'/);
    assert.doesNotMatch(res.text, /<script/i);
    assert.ok(res.text.includes(COMPARE), 'the sentence that tells the holder what to compare');
    assert.ok(res.text.includes(`href="/verificar/${code}/documento.pdf"`));
    const images = [...res.text.matchAll(/<img src="([^"]+)" alt="([^"]+)" width="(\d+)" height="(\d+)"/g)].map(
      (m) => ({ src: m[1]!, alt: m[2]!, width: Number(m[3]), height: Number(m[4]) }),
    );
    const n = sizes.length;
    assert.deepEqual(
      images.map((i) => [i.src, i.alt]),
      sizes.map((_, i) => [`/verificar/${code}/paginas/${i + 1}.png`, `Página ${i + 1} de ${n}`]),
    );
    // Width and height attributes are the image's own size at 150 dpi (CSS scales it to the screen).
    assert.deepEqual(
      images.map((i) => [i.width, i.height]),
      sizes.map(([w, h]) => [Math.floor((w * 150) / 72), Math.floor((h * 150) / 72)]),
    );

    const json = await get(`/api/v1/public/verify/${code}`);
    assert.equal(json.status, 200, json.text);
    const registered = json.body.registered_document;
    assert.equal(registered.page_count, n);
    assert.equal(registered.pages_shown, n);
    assert.equal(registered.sha256, sha256(official.pdf));
    assert.equal(new URL(registered.pdf_url).pathname, `/verificar/${code}/documento.pdf`);
    assert.deepEqual(
      registered.page_images.map((p: { url: string }) => new URL(p.url).pathname),
      images.map((i) => i.src),
    );
    assert.equal(
      new URL(registered.page_image_url_template.replace('{page}', '2')).pathname,
      `/verificar/${code}/paginas/2.png`,
    );

    // A document of several pages lists each one.
    assert.equal(letter.sizes.length, 3, 'two pages of the letter and the signatures page');
    const many = await get(`/verificar/${letter.code}`);
    assert.deepEqual(
      [...many.text.matchAll(/<img src="([^"]+)" alt="([^"]+)"/g)].map((m) => [m[1], m[2]]),
      [1, 2, 3].map((i) => [`/verificar/${letter.code}/paginas/${i}.png`, `Página ${i} de 3`]),
    );
  });

  it('reads as plain Spanish for a citizen: the municipality, who signed by name, what a time-stamp is', async () => {
    const res = await get(`/verificar/${code}`);
    assert.ok(
      res.text.includes(`<p class="municipality"><span>${getStack().demoTenant.displayName}</span></p>`),
      'the municipality heads the page (no logo set)',
    );
    const table = res.text.slice(res.text.indexOf('Firmas digitales del archivo'));
    assert.doesNotMatch(table, /CN=|O=|C=AR/, 'certificates by name, not as distinguished names');
    assert.match(table, /Quién firmó/);
    assert.match(table, /Hora certificada por una autoridad/);
    assert.match(table, /Autoridad: /);
    assert.match(table, />Firma válida</);
    assert.doesNotMatch(table, /Sin sello de tiempo/);
    assert.doesNotMatch(res.text, /[ap]\.\s?m\./, 'times on a 24-hour clock, never a.m./p.m.');
    assert.match(
      res.text,
      /\d{1,2} de \p{L}+ de \d{4},? (a las )?\d{2}:\d{2}:\d{2}/u,
      'a signing time in 24-hour form',
    );
  });

  it('each image is a PNG of its page, not blank, and shows what poppler draws from the same registered file', async () => {
    const documents = [{ code, pdf: official.pdf, sizes }, letter];
    for (const [d, doc] of documents.entries()) {
      const elsewhere = documents[1 - d]!;
      for (const [i, [w, h]] of doc.sizes.entries()) {
        const n = i + 1;
        const started = performance.now();
        const res = await get(`/verificar/${doc.code}/paginas/${n}.png`);
        const ms = performance.now() - started;
        assert.equal(res.status, 200, res.text.slice(0, 200));
        assert.equal(res.headers.get('content-type'), 'image/png');
        assert.match(res.headers.get('cache-control') ?? '', /^private, max-age=\d+$/);
        assert.deepEqual(res.bytes.subarray(0, 8), PNG_SIGNATURE);
        assert.equal(res.bytes.toString('latin1', 12, 16), 'IHDR');
        const ours = PNG.sync.read(res.bytes);
        assert.deepEqual(
          [ours.width, ours.height],
          [Math.floor((w * 150) / 72), Math.floor((h * 150) / 72)],
          `page ${n} at 150 dpi`,
        );
        const inked = ink(ours);
        assert.ok(inked > 0.0005, `page ${n} has text on it (${(inked * 100).toFixed(2)} % ink)`);

        const poppler = popplerPage(doc.pdf, n, ours.width, ours.height);
        const same = meanAbsDiff(greyGrid(ours, 8), greyGrid(poppler, 8));
        // The measure tells pages apart: a page of the other document is far from this one.
        const other = popplerPage(elsewhere.pdf, 1, ours.width, ours.height);
        const different = meanAbsDiff(greyGrid(ours, 8), greyGrid(other, 8));
        process.stderr.write(
          `      ${doc.code} page ${n}: ${ours.width}×${ours.height}, ${res.bytes.length} bytes, first view ${ms.toFixed(0)} ms; ` +
            `grey difference to poppler ${same.toFixed(2)}, to another document ${different.toFixed(2)}\n`,
        );
        assert.ok(same < 2, `page ${n} matches poppler's rendering (mean grey difference ${same.toFixed(2)} of 255)`);
        assert.ok(different > same * 3, `another page differs clearly (${different.toFixed(2)} vs ${same.toFixed(2)})`);
      }
    }
    // What the images show is the document's text: the registered files say it.
    const text = pdfText(official.pdf);
    assert.ok(text.includes('Señor Núñez') && text.includes(official.number), text);
    assert.match(pdfText(letter.pdf), /Carta recibida, hoja 1[\s\S]*Carta recibida, hoja 2/);
  });

  it('a second view of an image is read from the object store, drawn once per file, page and resolution', async () => {
    const storage = getStack().services.storage;
    const key = registeredPageKey(sha256(official.pdf), 1);
    const drawn = await storage.get(key);
    assert.ok(drawn, `the first view stored ${key}`);
    // Replace the stored image: the next view answers the stored bytes, proof that nothing is drawn again.
    const marker = PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 0x7f) }));
    await storage.put(key, marker);
    try {
      const started = performance.now();
      const again = await get(`/verificar/${code}/paginas/1.png`);
      const ms = performance.now() - started;
      assert.equal(again.status, 200);
      assert.ok(again.bytes.equals(marker), 'served from the store');
      process.stderr.write(`      cached view: ${ms.toFixed(0)} ms\n`);
    } finally {
      await storage.put(key, drawn);
    }
    const etag = (await get(`/verificar/${code}/paginas/1.png`)).headers.get('etag');
    assert.ok(etag?.includes(sha256(official.pdf)), `${etag}`);
    // (fetch marks a request with If-None-Match "Cache-Control: no-cache" unless told otherwise, as a browser's reload does not)
    assert.equal(
      (await get(`/verificar/${code}/paginas/1.png`, { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' })).status,
      304,
    );
  });

  it('the download is the registered official file, as an attachment named by its number', async () => {
    const res = await get(`/verificar/${code.toLowerCase()}/documento.pdf`);
    assert.equal(res.status, 200, res.text.slice(0, 200));
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(
      res.headers.get('content-disposition') ?? '',
      new RegExp(`^attachment; filename="?${official.number}\\.pdf"?$`),
    );
    assert.equal(res.headers.get('cache-control'), 'private, no-cache');
    assert.equal(sha256(res.bytes), sha256(official.pdf));
    const json = await get(`/api/v1/public/verify/${code}`);
    assert.equal(sha256(res.bytes), json.body.document.sha256, 'the SHA-256 the verification reports');
    const etag = res.headers.get('etag')!;
    assert.equal(
      (await get(`/verificar/${code}/documento.pdf`, { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' })).status,
      304,
    );
  });

  it('unknown, malformed or not yet official: 404 with the not-found page, never 500', async () => {
    const paths = [
      '/verificar/0000-0000-0000/documento.pdf',
      '/verificar/0000-0000-0000/paginas/1.png',
      '/verificar/%3Cscript%3E/documento.pdf',
      '/verificar/ZZZZ/paginas/1.png',
      `/verificar/${code}/paginas/0.png`,
      `/verificar/${code}/paginas/01.png`,
      `/verificar/${code}/paginas/abc.png`,
      `/verificar/${code}/paginas/-1.png`,
      `/verificar/${code}/paginas/${sizes.length + 1}.png`,
      `/verificar/${code}/paginas/99999999999999999999.png`,
      `/verificar/${code}/paginas/%2e%2e.png`,
    ];
    for (const p of paths) {
      const res = await get(p);
      assert.equal(res.status, 404, `${p}: ${res.status}`);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, p);
      assert.match(res.text, /No se encontró ningún documento con ese código/, p);
      assert.equal(res.headers.get('cache-control'), 'no-store', p);
    }
    const id = await prepareIntegrationDraft('intendente', ['intendente']);
    assert.equal(
      (await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('intendente') }))
        .status,
      200,
    );
    const pending = await codeOf(id);
    for (const p of [`/verificar/${pending}/documento.pdf`, `/verificar/${pending}/paginas/1.png`]) {
      assert.equal((await get(p)).status, 404, `${p}: a document being signed has no registered file`);
    }
  });

  it('a memo (person to person) verifies by its code, but its pages and file are not shown to whoever holds the code', async () => {
    const memo = await sendMemo(
      'intendente',
      { to: ['directora-obras'], bcc: ['jefa-mesa'] },
      { reference: 'Memo reservado', content: '<p>Texto reservado del memo</p>' },
    );
    const memoCode = formatVerificationCode(await codeOf(memo.id));
    const json = await get(`/api/v1/public/verify/${memoCode}`);
    assert.equal(json.body.verdict, 'authentic', 'the memo still verifies');
    assert.equal(json.body.registered_document, null, 'no file or page links');
    const page = await get(`/verificar/${memoCode}`);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /<img|documento\.pdf|Texto reservado/);
    for (const p of [`/verificar/${memoCode}/documento.pdf`, `/verificar/${memoCode}/paginas/1.png`])
      assert.equal((await get(p)).status, 404, p);
  });

  it('answers as the OpenAPI description says (images, download, JSON, refusals)', async () => {
    const checker = new ResponseChecker();
    const calls: [string, string][] = [
      ['/verificar/:code/paginas/:page.png', `/verificar/${code}/paginas/1.png`],
      ['/verificar/:code/paginas/:page.png', `/verificar/${code}/paginas/0.png`],
      ['/verificar/:code/documento.pdf', `/verificar/${code}/documento.pdf`],
      ['/verificar/:code/documento.pdf', '/verificar/0000-0000-0000/documento.pdf'],
      ['/api/v1/public/verify/:code', `/api/v1/public/verify/${code}`],
    ];
    for (const [route, url] of calls)
      assert.deepEqual(checker.check('integration', 'GET', route, await get(url)), [], url);
    const uploaded = await request('/api/v1/public/verify', {
      method: 'POST',
      baseUrl: api.url,
      form: pdfForm({}, { bytes: letter.pdf }),
    });
    assert.equal(
      new URL(uploaded.body.registered_document.pdf_url).pathname,
      `/verificar/${letter.code}/documento.pdf`,
      'an upload of a registered file links its registered pages',
    );
    assert.deepEqual(checker.check('integration', 'POST', '/api/v1/public/verify', uploaded), []);
  });

  it('a long document shows its first 50 pages, says so, and leaves the rest to the download', async () => {
    const long = await importedOfficial(55);
    const res = await get(`/verificar/${long.code}`);
    assert.equal(res.status, 200, res.text);
    const alts = [...res.text.matchAll(/<img src="[^"]+" alt="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      alts,
      Array.from({ length: 50 }, (_, i) => `Página ${i + 1} de 56`),
    );
    assert.match(res.text, /Se muestran las primeras 50 de 56 páginas/);
    assert.equal(
      (await get(`/verificar/${long.code}/paginas/51.png`)).status,
      404,
      'pages past those shown are in the download only',
    );
    assert.equal((await get(`/verificar/${long.code}/paginas/50.png`)).status, 200);
    const json = await get(`/api/v1/public/verify/${long.code}`);
    assert.deepEqual(
      [
        json.body.registered_document.page_count,
        json.body.registered_document.pages_shown,
        json.body.registered_document.page_images.length,
      ],
      [56, 50, 50],
    );
  });

  it('drawing is bounded: a huge page is scaled down to the pixel cap, a 10,000-page file is sized for its first pages only', async () => {
    const giant = await PDFDocument.create();
    const font = await giant.embedFont(StandardFonts.Helvetica);
    giant.addPage([14_400, 14_400]).drawText('Página enorme', { x: 100, y: 7000, size: 900, font });
    const drawn = await renderPdfPage(await giant.save(), 1, 150);
    assert.deepEqual([drawn.width, drawn.height], [2000, 2000], 'at most 4 Mpx instead of 30,000 × 30,000');
    const started = performance.now();
    const layout = await pdfLayout(manyPages(), 50);
    assert.deepEqual([layout.count, layout.sizes.length], [10_000, 50]);
    assert.ok(performance.now() - started < PAGE_TASK_TIMEOUT_MS);
  });

  it('the page works in a browser: the images load under the page CSP', async () => {
    const browser = await chromium.launch({ executablePath: getStack().config.chromiumPath, args: ['--no-sandbox'] });
    const shots = mkdtempSync(path.join(os.tmpdir(), 'expediente-paginas-'));
    try {
      const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      // The browser's own request for /favicon.ico (the pages declare none) is not the page's.
      page.on(
        'console',
        (m) =>
          (m.type() === 'error' || m.type() === 'warning') &&
          errors.push(`${m.type()} ${m.text()} ${m.location().url}`),
      );
      page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
      await page.goto(`${api.url}/verificar/${code}`);
      const first = page.getByRole('img', { name: `Página 1 de ${sizes.length}` });
      await first.scrollIntoViewIfNeeded();
      await page.waitForFunction('document.images[0].complete && document.images[0].naturalWidth > 0');
      assert.equal(
        await page.evaluate('document.images[0].naturalWidth'),
        Math.floor((sizes[0]![0] * 150) / 72),
        'the image the browser decoded',
      );
      const box = await first.boundingBox();
      assert.ok(box && box.width <= 420 && box.width > 300, `the image fits a phone screen (${box?.width} px wide)`);
      await page.screenshot({ path: path.join(shots, 'code-page-phone.png'), fullPage: false });
      assert.deepEqual(
        errors,
        [],
        'no console errors or warnings (no CSP refusal), no failed request (not even /favicon.ico)',
      );
      process.stderr.write(`      screenshots: ${shots}\n`);
    } finally {
      await browser.close();
    }
  });

  it('the download and the page are within the public rate limit; images have their own, larger bucket', async () => {
    const limited = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '2' });
    try {
      const at = (p: string) => request(p, { baseUrl: limited.url });
      assert.deepEqual(
        [(await at(`/verificar/${code}/documento.pdf`)).status, (await at(`/verificar/${code}`)).status],
        [200, 200],
      );
      const refused = await at(`/verificar/${code}/documento.pdf`);
      assert.equal(refused.status, 429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${refused.headers.get('retry-after')}`);
      // 2 × 10 images a minute: a reader of a 20-page document is not cut off after the page itself.
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push((await at(`/verificar/${code}/paginas/${(i % sizes.length) + 1}.png`)).status);
      assert.deepEqual(statuses, new Array(20).fill(200));
      const image = await at(`/verificar/${code}/paginas/1.png`);
      assert.equal(image.status, 429);
      assert.ok(Number(image.headers.get('retry-after')) > 0);
      assert.match(image.text, /Demasiadas solicitudes/);
    } finally {
      await limited.close();
    }
  });
});
