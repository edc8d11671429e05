/**
 * The municipality's logo: an administrator uploads it through the backend API (PNG or JPEG,
 * recognised from the bytes, up to 256 KB), removes it, and the public verification page of the
 * municipality's documents shows it beside its name, served with its type and a long cache.
 * Another municipality's logo never appears on the demo municipality's page or answers.
 */
import assert from 'node:assert/strict';
import { createTenant } from '../../db/tenants.js';
import { removeMunicipalityLogo, setMunicipalityLogo } from '../../domain/municipality/logo.js';
import { getStack } from '../support/hooks.js';
import { asBackend, request, type HttpResult } from '../support/http.js';
import { jpegHeader, logoForm, pngLogo } from '../support/logo.js';
import { officialDocument } from '../records/support.js';
import { printedVerificationCodeOf } from '../support/verification-codes.js';

const LOGO = '/api/v1/admin/municipality/logo';

const upload = (form: FormData, user = 'intendente') =>
  request(LOGO, { method: 'PUT', headers: asBackend(user), form });
const remove = () => request(LOGO, { method: 'DELETE', headers: asBackend('intendente') });

/** The address of the logo on a public page, if it shows one. */
function logoOnPage(page: HttpResult): string | undefined {
  return /<p class="municipality"><img src="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
}

describe('municipality logo: set by an administrator, shown on the public verification page', function () {
  this.timeout(120_000);
  let code: string;

  before(async () => {
    const doc = await officialDocument('intendente', 'Certificado con el logo del municipio');
    code = await printedVerificationCodeOf(doc.id);
  });

  afterEach(async () => {
    await remove();
  });

  it('upload, read back, show on the public page with a long cache, replace, remove', async () => {
    const png = pngLogo(120, 60);
    const saved = await upload(logoForm(png));
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.message, 'Logo del municipio guardado');
    assert.deepEqual(
      { ...saved.body.data.logo, updated_at: undefined, updated_by: undefined },
      {
        content_type: 'image/png',
        size: png.length,
        width: 120,
        height: 60,
        updated_at: undefined,
        updated_by: undefined,
      },
    );
    const info = await request('/api/v1/admin/municipality', { headers: asBackend('intendente') });
    assert.equal(info.status, 200);
    assert.equal(info.body.data.name, getStack().demoTenant.displayName);
    assert.equal(info.body.data.logo.width, 120);
    const image = await request(LOGO, { headers: asBackend('intendente') });
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.ok(image.bytes.equals(png));

    const page = await request(`/verificar/${code}`);
    assert.equal(page.status, 200);
    assert.match(
      page.text,
      new RegExp(`<img src="[^"]+" alt="Logo de ${getStack().demoTenant.displayName}" width="120" height="60">`),
    );
    const src = logoOnPage(page);
    assert.ok(src?.startsWith(`/verificar/${code}/logo?v=`), src);
    const served = await request(src!);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.ok(served.bytes.equals(png));
    // (fetch adds "Cache-Control: no-cache" to a request with If-None-Match unless told otherwise)
    const again = await request(src!, {
      headers: { 'If-None-Match': served.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
    });
    assert.equal(again.status, 304);

    // A JPEG replaces it, at a new address (the old one is no longer cached for a year).
    const jpeg = jpegHeader(300, 100);
    const replaced = await upload(logoForm(jpeg, 'image/jpeg', 'escudo.jpg'));
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal(replaced.body.data.logo.content_type, 'image/jpeg');
    const newSrc = logoOnPage(await request(`/verificar/${code}`));
    assert.ok(newSrc && newSrc !== src);
    const stale = await request(src!);
    assert.equal(stale.headers.get('content-type'), 'image/jpeg');
    assert.equal(stale.headers.get('cache-control'), 'public, no-cache');

    const removed = await remove();
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.data.logo, null);
    assert.equal(logoOnPage(await request(`/verificar/${code}`)), undefined, 'no logo on the page');
    assert.equal((await request(`/verificar/${code}/logo`)).status, 404);
    assert.equal((await request(LOGO, { headers: asBackend('intendente') })).status, 404);
    assert.equal((await remove()).status, 404, 'nothing left to remove');
  });

  it('refuses what is not a small PNG or JPEG, judged by the bytes: 413, 415, 400', async () => {
    const refused = async (form: FormData, status: number, message: RegExp) => {
      const res = await upload(form);
      assert.equal(res.status, status, res.text);
      assert.match(res.body.message, message);
    };
    await refused(logoForm(Buffer.alloc(256 * 1024 + 1, 1)), 413, /supera 256 KB/);
    await refused(logoForm(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')), 415, /PNG o JPEG/);
    // An SVG declared as PNG: the declared type is not believed.
    await refused(
      logoForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      415,
      /PNG o JPEG/,
    );
    await refused(logoForm(Buffer.from('%PDF-1.7\n'), 'application/pdf', 'logo.pdf'), 415, /PNG o JPEG/);
    await refused(logoForm(Buffer.alloc(0)), 400, /Envíe la imagen/);
    await refused(logoForm(pngLogo().subarray(0, 12)), 400, /dañada/);
    await refused(logoForm(jpegHeader(5000, 20), 'image/jpeg'), 400, /4096 píxeles/);
    const raw = await request(LOGO, {
      method: 'PUT',
      headers: { ...asBackend('intendente'), 'Content-Type': 'image/png' },
      raw: pngLogo(),
    });
    assert.equal(raw.status, 415, raw.text);
    assert.equal(
      (await request('/api/v1/admin/municipality', { headers: asBackend('intendente') })).body.data.logo,
      null,
      'nothing was stored',
    );
  });

  it('only administrators', async () => {
    const res = await upload(logoForm(pngLogo()), 'agente-obras');
    assert.equal(res.status, 403);
    assert.equal((await request('/api/v1/admin/municipality', { headers: asBackend('agente-obras') })).status, 403);
    assert.equal((await request(LOGO, { method: 'DELETE', headers: asBackend('agente-obras') })).status, 403);
  });

  it("another municipality's logo never shows on this municipality's page or answers", async () => {
    const stack = getStack();
    const { tenant: other } = await createTenant(stack.db, {
      schema: 'tenant_logo',
      municipalityCode: 'LOGO',
      displayName: 'Municipalidad del Otro Logo',
      city: 'Otra Ciudad',
    });
    const theirs = pngLogo(64, 64, [200, 0, 0]);
    await setMunicipalityLogo(stack.db, other, theirs, 'prueba');
    try {
      // This municipality has none: its page shows none, its answers have none.
      const page = await request(`/verificar/${code}`);
      assert.equal(logoOnPage(page), undefined);
      assert.ok(!page.text.includes('Otro Logo'));
      assert.equal((await request(`/verificar/${code}/logo`)).status, 404);
      assert.equal((await request(LOGO, { headers: asBackend('intendente') })).status, 404);

      // With its own, only its own.
      const ours = pngLogo(90, 30);
      assert.equal((await upload(logoForm(ours))).status, 200);
      const served = await request(logoOnPage(await request(`/verificar/${code}`))!);
      assert.ok(served.bytes.equals(ours) && !served.bytes.equals(theirs));
      assert.ok((await request(LOGO, { headers: asBackend('intendente') })).bytes.equals(ours));
    } finally {
      await removeMunicipalityLogo(stack.db, other);
    }
  });
});
