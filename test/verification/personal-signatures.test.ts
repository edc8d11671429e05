/**
 * Public verification of personally signed documents: each signature of the file is attributed
 * to the recorded signer whose certificate made it (or to the municipality's seal), each
 * personal signer's recorded certificate is looked for in the file, and the page names the
 * certificate each signer signed with. A register whose recorded certificate no longer matches
 * the file is a finding, not an authentic document.
 */
import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { ResponseChecker } from '../openapi/checker.js';
import { newSigningCode } from '../support/csc.js';
import { prepareIntegrationDraft, pdfForm } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { newUser, type NewUser } from '../support/users.js';
import { printedVerificationCodeOf } from '../support/verification-codes.js';

interface Signer {
  name: string;
  signed_at: string | null;
  signature_kind: string | null;
  certificate: { subject: string; sha256: string } | null;
  certificate_found: boolean | null;
}
interface Signature {
  kind: string;
  field_name: string;
  signer_subject: string | null;
  problems: string[];
  signed_by: { name: string; signature_kind: string; certificate_matches: boolean | null } | null;
}

const setMode = (user: NewUser, mode: 'seal' | 'personal') =>
  request(`/api/v1/users/${user.id}/signature-mode`, {
    method: 'PUT',
    headers: asBackend('intendente'),
    json: { mode },
  });
const sign = (id: string, user: NewUser) =>
  request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: user.integration });
const tenant = () => tenantDb(getStack().db, getStack().demoTenant);
const codeOf = printedVerificationCodeOf;
const cn = (dn: string | null) => /CN=([^,]+)/.exec(dn ?? '')?.[1] ?? null;

/** Signs as `user` with their own certificate: the code e-mailed to them authorises it. */
async function signPersonally(id: string, user: NewUser) {
  let asked: Awaited<ReturnType<typeof sign>> | undefined;
  const { code } = await newSigningCode(getStack(), user.email, async () => {
    asked = await sign(id, user);
  });
  assert.equal(asked!.status, 202, asked!.text);
  const done = await request(`/api/v1/documents/${id}/sign/authorize`, {
    method: 'POST',
    headers: user.integration,
    json: { code },
  });
  assert.equal(done.status, 200, done.text);
  return done;
}

async function officialPdf(id: string): Promise<Buffer> {
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
  return Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
}

const signaturesOf = (body: { signatures: Signature[] }) => body.signatures.filter((s) => s.kind === 'signature');

describe('verification: personal signatures attributed to their recorded signers', function () {
  this.timeout(180_000);
  let id: string;
  let code: string;
  let municipality: string;
  // Signers of the suite's own, two personal and one with the seal: seeded users' modes stay as other suites expect.
  let lucia: NewUser;
  let sofia: NewUser;
  let martin: NewUser;

  before(async () => {
    lucia = await newUser({ fullName: 'Lucía Firmante', role: 'director', cuit: '27-40111222-3', apiKey: true });
    sofia = await newUser({
      fullName: 'Sofía Sello',
      role: 'director',
      sectors: [{ acronym: 'MESA', canEdit: true }],
      seal: 'Jefa de Mesa de Entradas',
      apiKey: true,
    });
    martin = await newUser({
      fullName: 'Martín Firmante',
      role: 'director',
      sectors: [{ acronym: 'INTEN', canEdit: true }],
      cuit: '20-40333444-5',
      apiKey: true,
    });
    for (const user of [lucia, martin]) assert.equal((await setMode(user, 'personal')).status, 200);
    assert.equal((await setMode(sofia, 'seal')).status, 200);
    municipality = getStack().demoTenant.displayName;
    id = await prepareIntegrationDraft('agente-obras', [lucia.id, sofia.id, martin.id], {
      reference: 'Disposición firmada personalmente',
    });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    await signPersonally(id, lucia);
    const sealed = await sign(id, sofia);
    assert.equal(sealed.status, 200, sealed.text);
    const last = await signPersonally(id, martin);
    assert.equal(last.body.status, 'signed');
    code = await codeOf(id);
  });

  /** The answer about this document: two personal signers and the seal, each signature theirs. */
  function assertAttributed(body: { verdict: string; document: { signers: Signer[] }; signatures: Signature[] }) {
    assert.equal(body.verdict, 'authentic');
    const signers = body.document.signers;
    assert.deepEqual(
      signers.map((s) => [s.name, s.signature_kind, s.certificate_found]),
      [
        ['Lucía Firmante', 'personal', true],
        ['Sofía Sello', 'seal', null],
        ['Martín Firmante', 'personal', true],
      ],
    );
    assert.equal(signers[1]!.certificate, null, 'the seal records no certificate per signer');
    for (const s of [signers[0]!, signers[2]!]) {
      assert.equal(cn(s.certificate!.subject), s.name, 'the recorded certificate names its signer');
      assert.match(s.certificate!.sha256, /^[0-9a-f]{64}$/);
    }
    assert.deepEqual(
      Object.keys(signers[0]!).sort(),
      ['certificate', 'certificate_found', 'name', 'signature_kind', 'signed_at'],
      'nothing else of the user',
    );
    assert.deepEqual(Object.keys(signers[0]!.certificate!).sort(), ['sha256', 'subject']);

    const signatures = signaturesOf(body);
    assert.equal(signatures.length, 3);
    const byName = new Map(signatures.map((s) => [s.signed_by?.name, s]));
    for (const name of ['Lucía Firmante', 'Martín Firmante']) {
      const s = byName.get(name);
      assert.ok(s, `a signature attributed to ${name}: ${JSON.stringify(signatures.map((x) => x.signed_by))}`);
      assert.deepEqual(s.signed_by, { name, signature_kind: 'personal', certificate_matches: true });
      assert.equal(cn(s.signer_subject), name, 'made by the certificate of the signer it is attributed to');
    }
    const seal = byName.get(municipality);
    assert.deepEqual(seal?.signed_by, { name: municipality, signature_kind: 'seal', certificate_matches: null });
    assert.notEqual(cn(seal!.signer_subject), 'Sofía Sello', "the seal is the municipality's certificate");
    for (const t of body.signatures.filter((s) => s.kind === 'timestamp'))
      assert.equal(t.signed_by, null, "a time-stamp is no signer's");
  }

  it("by code and by upload, each signature is its signer's (or the seal) and each personal certificate is found", async () => {
    const byCode = await request(`/api/v1/public/verify/${code}`);
    assert.equal(byCode.status, 200, byCode.text);
    assertAttributed(byCode.body);

    const uploaded = await request('/api/v1/public/verify', {
      method: 'POST',
      form: pdfForm({}, { bytes: await officialPdf(id) }),
    });
    assert.equal(uploaded.status, 200, uploaded.text);
    assertAttributed(uploaded.body);

    // The desk's signature details carry the same validation.
    const details = await request(`/api/v1/documents/${id}/signature-details`, { headers: asBackend('agente-obras') });
    assert.equal(details.status, 200, details.text);
    assertAttributed(details.body.data.validation);

    // The new fields, with personal certificates in them, are as the OpenAPI descriptions say.
    const checker = new ResponseChecker();
    assert.deepEqual(checker.check('integration', 'GET', '/api/v1/public/verify/:code', byCode), []);
    assert.deepEqual(checker.check('integration', 'POST', '/api/v1/public/verify', uploaded), []);
    assert.deepEqual(checker.check('backend', 'GET', '/documents/:id/signature-details', details), []);
  });

  it("the page names the certificate each signer signed with and, per signature, whether it is the recorded signer's", async () => {
    const byCode = await request(`/api/v1/public/verify/${code}`);
    const subjects = (byCode.body.document.signers as Signer[])
      .filter((s) => s.certificate)
      .map((s) => s.certificate!.subject);
    const page = await request(`/verificar/${code}`);
    assert.equal(page.status, 200);
    for (const subject of subjects) {
      const serial = /serialNumber=([^,]+)/i.exec(subject)?.[1];
      const cuit = serial && (/^CUIT/i.test(serial) ? serial : `CUIT ${serial}`);
      assert.ok(
        page.text.includes(`Firma personal — certificado de ${cn(subject)}${cuit ? ` (${cuit})` : ''}`),
        `${subject} on the page`,
      );
    }
    assert.ok(page.text.includes('<td>Sello del municipio</td>'), 'the seal signer');
    assert.equal(
      page.text.split('Firma personal con el certificado registrado de quien firmó').length - 1,
      2,
      "both personal signatures are their signers' certificates",
    );
    assert.ok(!page.text.includes('El certificado no es el registrado'));
    assert.ok(!page.text.includes('firmada personalmente'), 'no reference');
  });

  it('a recorded certificate that no signature of the file carries: that signer is not confirmed and the document is not authentic', async () => {
    const row = await tenant().transaction((trx) =>
      trx('document_signers')
        .where({ document_id: id, user_id: martin.id })
        .first<{ certificate_id: string }>('certificate_id'),
    );
    const recorded = await tenant().transaction((trx) =>
      trx('signing_credentials')
        .where({ id: row!.certificate_id })
        .first<{ certificate_sha256: string }>('certificate_sha256'),
    );
    await tenant().transaction((trx) =>
      trx('signing_credentials')
        .where({ id: row!.certificate_id })
        .update({ certificate_sha256: 'f'.repeat(64) }),
    );
    try {
      const byCode = await request(`/api/v1/public/verify/${code}`);
      assert.equal(byCode.status, 200, byCode.text);
      assert.equal(byCode.body.verdict, 'untrusted');
      const signers = byCode.body.document.signers as Signer[];
      assert.deepEqual(
        signers.map((s) => s.certificate_found),
        [true, null, false],
      );
      const martin = signaturesOf(byCode.body).find((s) => cn(s.signer_subject) === 'Martín Firmante')!;
      assert.deepEqual(martin.signed_by, {
        name: 'Martín Firmante',
        signature_kind: 'personal',
        certificate_matches: false,
      });
      assert.ok(
        martin.problems.some((p) => p.includes('not the one recorded for Martín Firmante')),
        JSON.stringify(martin.problems),
      );
      const lucia = signaturesOf(byCode.body).find((s) => cn(s.signer_subject) === 'Lucía Firmante')!;
      assert.equal(lucia.signed_by?.certificate_matches, true, 'the other signer is unaffected');

      const uploaded = await request('/api/v1/public/verify', {
        method: 'POST',
        form: pdfForm({}, { bytes: await officialPdf(id) }),
      });
      assert.equal(uploaded.body.verdict, 'untrusted');
      assert.deepEqual(
        (uploaded.body.document.signers as Signer[]).map((s) => s.certificate_found),
        [true, null, false],
      );

      const page = await request(`/verificar/${code}`);
      assert.match(page.text, /data-verdict="untrusted"/);
      assert.ok(page.text.includes('Ninguna firma del archivo está hecha con este certificado'));
      assert.ok(page.text.includes('El certificado no es el registrado para quien firmó'));
      assert.ok(page.text.includes('Firma válida, pero no con el certificado registrado de quien firmó'));
    } finally {
      await tenant().transaction((trx) =>
        trx('signing_credentials')
          .where({ id: row!.certificate_id })
          .update({ certificate_sha256: recorded!.certificate_sha256 }),
      );
    }
    assert.equal(
      (await request(`/api/v1/public/verify/${code}`)).body.verdict,
      'authentic',
      'the record restored, authentic again',
    );
  });

  it("a memo signed personally shows its signer's certificate (which the signature itself shows) and still no recipient", async () => {
    const created = await request('/api/v1/documents', {
      method: 'POST',
      headers: lucia.backend,
      json: {
        document_type_acronym: 'MEMO',
        reference: 'Memo reservado personal',
        recipients: { to: [demoUser('agente-obras')], cc: [sofia.id], bcc: [demoUser('intendente')] },
      },
    });
    assert.equal(created.status, 200, created.text);
    const memo = created.body.data.document_id as string;
    const saved = await request(`/api/v1/documents/${memo}/save`, {
      method: 'PATCH',
      headers: lucia.backend,
      json: {
        content: '<p>Texto reservado del memo</p>',
        signers: [{ user_id: lucia.id, is_numerator: true }],
      },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(
      (
        await request(`/api/v1/documents/${memo}/start-signing-process`, {
          method: 'POST',
          headers: lucia.backend,
        })
      ).status,
      200,
    );
    assert.equal((await signPersonally(memo, lucia)).body.status, 'signed');

    const memoCode = await codeOf(memo);
    const json = await request(`/api/v1/public/verify/${memoCode}`);
    assert.equal(json.body.verdict, 'authentic', json.text);
    const [signer] = json.body.document.signers as Signer[];
    assert.deepEqual(
      [signer!.name, signer!.signature_kind, signer!.certificate_found],
      ['Lucía Firmante', 'personal', true],
    );
    assert.deepEqual(
      signaturesOf(json.body).map((s) => s.signed_by),
      [{ name: 'Lucía Firmante', signature_kind: 'personal', certificate_matches: true }],
      'the certificate shown is the one the signature in the file carries',
    );
    const page = await request(`/verificar/${memoCode}`);
    for (const text of [json.text, page.text]) {
      for (const hidden of ['Jorge Peña', 'Sofía Sello', 'Martín Álvarez', 'Memo reservado', 'Texto reservado', '@'])
        assert.ok(!text.includes(hidden), `${hidden} is not shown`);
    }
  });
});
