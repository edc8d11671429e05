/**
 * An uploaded copy of a registered document, judged against the register: the original plus
 * validation data only is still authentic; a copy someone signed again is not the original; a
 * signature by another municipality's certificate (same root, so every validator trusts it) is
 * not one this municipality makes; and the page says what was added after the original.
 */
import assert from 'node:assert/strict';
import { signPdf, timestampPdf } from '../../activities/signing-service.js';
import { revisionEnds } from '../../domain/verification/revisions.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';
import { appendAnnotation, officialDocument, signAgain, type OfficialDocument } from './support/corpus.js';

function upload(bytes: Buffer): FormData {
  const form = new FormData();
  form.set('pdf_file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'copia.pdf');
  return form;
}

/** A PAdES signature made with another tenant's certificate from the same development root. */
function signAs(tenantId: string, pdf: Buffer): Promise<Buffer> {
  const stack = getStack();
  return signPdf(stack.config.signer, {
    pdf,
    fileName: 'copia.pdf',
    tenantId,
    signer: { name: 'Firmante de Otro Municipio', seal: 'Director', department: 'Obras', entity: 'Otro municipio' },
  });
}

describe('verification: an uploaded copy against the register', function () {
  this.timeout(180_000);
  let official: OfficialDocument;
  let api: { url: string; close(): Promise<void> };
  const verify = (bytes: Buffer) =>
    request('/api/v1/public/verify', { method: 'POST', form: upload(bytes), baseUrl: api.url });

  before(async () => {
    official = await officialDocument(['directora-obras', 'intendente'], 'Informe de obra');
    api = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '1000' });
  });

  after(async () => {
    await api?.close();
  });

  it('the original with a document time-stamp added later is still the original: authentic_extended', async () => {
    const stack = getStack();
    const stamped = await timestampPdf(stack.config.signer, official.pdf, 'copia.pdf');
    const res = await verify(stamped);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.verdict, 'authentic_extended', JSON.stringify(res.body.file));
    assert.match(res.body.message, /^Documento auténtico/);
    assert.equal(res.body.file.matches_registered_original, false, 'the bytes are not the registered file');
    assert.equal(res.body.document.document_number, official.number);
  });

  it('the original signed once more outside the platform is not the original, and says so', async () => {
    const resigned = await signAgain(official.pdf);
    const res = await verify(resigned);
    assert.equal(res.body.verdict, 'valid_not_original');
    assert.match(res.body.message, /^No es el original registrado/);
    assert.equal(res.body.file.after_last_signature, 'none');
    assert.deepEqual(
      res.body.file.changes.map((c: { kind: string; signer: string }) => [c.kind, /Municipio demo/.test(c.signer)]),
      [['signature', true]],
      'the one addition is named',
    );

    // The page says it too, in a table after the verdict.
    const page = await request('/verificar', { method: 'POST', form: upload(resigned), baseUrl: api.url });
    assert.equal(page.status, 200);
    assert.match(page.text, /Qué tiene el archivo además del original registrado/);
    assert.match(page.text, /Firma Firma\d+ de CN=Municipio demo/);
  });

  it('an edit after signing is listed with its page and object', async () => {
    const res = await verify(appendAnnotation(official.pdf));
    assert.equal(res.body.verdict, 'modified');
    const [change] = res.body.file.changes;
    assert.equal(change.kind, 'modification');
    assert.equal(change.page, 1);
    assert.ok(Number.isInteger(change.object), JSON.stringify(change));
    const page = await request('/verificar', {
      method: 'POST',
      form: upload(appendAnnotation(official.pdf)),
      baseUrl: api.url,
    });
    assert.match(page.text, /página 1, objeto \d+/);
  });

  it("a signature by another municipality's certificate, added to the original or made over the registered render, is not recognised", async () => {
    const added = await verify(await signAs('tenant_a', official.pdf));
    assert.equal(
      added.body.verdict,
      'untrusted',
      JSON.stringify(added.body.signatures.map((s: { problems: string[] }) => s.problems)),
    );
    const foreign = added.body.signatures.filter((s: { problems: string[] }) =>
      s.problems.some((p) => /not one .* signs its documents with/.test(p)),
    );
    assert.equal(foreign.length, 1, 'exactly the added signature is named');
    assert.equal(foreign[0].trusted, true, 'it chains to a trusted root: only the register tells it apart');

    const render = official.pdf.subarray(0, revisionEnds(official.pdf)[0]);
    const resigned = await verify(await signAs('tenant_a', render));
    assert.equal(resigned.body.document?.document_number, official.number, 'found through the registered render');
    assert.equal(resigned.body.verdict, 'untrusted');

    // The same render signed with this municipality's own certificate, outside the platform: not the registered file.
    const own = await verify(await signAs('demo', render));
    assert.equal(own.body.verdict, 'valid_not_original');
  });

  it('the registered file itself stays authentic by upload and by code', async () => {
    const res = await verify(official.pdf);
    assert.equal(res.body.verdict, 'authentic');
    const byCode = await request(`/api/v1/public/verify/${official.code}`, { baseUrl: api.url });
    assert.equal(byCode.body.verdict, 'authentic');
  });
});
