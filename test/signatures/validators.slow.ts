/**
 * Personal signatures judged by independent validators, through the platform's whole flow: EU DSS
 * (default policy, the development root as trusted list) and pyHanko (revocation checking
 * required). Three signers with their own certificates; a personal signature beside the seal;
 * a signer deactivated (certificate revoked) after signing.
 */
import assert from 'node:assert/strict';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { prepareIntegrationDraft, createIntegrationDraft, SAMPLE_HTML } from '../support/documents.js';
import { newSigningCode } from '../support/csc.js';
import { newUser, type NewUser } from '../support/users.js';
import { readFile } from 'node:fs/promises';
import { cmsDetails, dssAvailable, dssValidate, run, saveTemp, type DssVerdict } from '../signer/support/tools.js';
import { assertPyhankoValid } from '../archive/support/validators.js';

const describeVerdict = (v: DssVerdict) =>
  `${v.level ?? v.type} ${v.indication}${v.subIndication ? `/${v.subIndication}` : ''}${v.errors.length ? ` errors: ${v.errors.join(' | ')}` : ''}`;

const setMode = (userId: string, mode: 'seal' | 'personal' | null) =>
  request(`/api/v1/users/${userId}/signature-mode`, {
    method: 'PUT',
    headers: asBackend('intendente'),
    json: { mode },
  });

async function signAs(id: string, headers: Record<string, string>, email: string | null) {
  if (!email) return request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers });
  const { code } = await newSigningCode(getStack(), email, async () => {
    const asked = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers });
    assert.equal(asked.status, 202, asked.text);
  });
  const done = await request(`/api/v1/documents/${id}/sign/authorize`, { method: 'POST', headers, json: { code } });
  assert.equal(done.status, 200, done.text);
  return done;
}

/** pyHanko's AdES validation (`sign adesverify`, ETSI EN 319 102-1 with long-term availability): from the file's own validation data, at the times its time-stamps prove. */
async function pyhankoLongTerm(file: string): Promise<{ code: number; fields: Map<string, string>; output: string }> {
  const config = await saveTemp(
    Buffer.from(
      [
        'validation-contexts:',
        '  dev-pki:',
        `    trust: ${JSON.stringify(getStack().pki.caCertPath)}`,
        '    trust-replace: true',
        '',
      ].join('\n'),
    ),
    'pyhanko.yml',
  );
  const r = await run('pyhanko', ['--config', config, 'sign', 'adesverify', '--validation-context', 'dev-pki', file]);
  const fields = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^([^:]+):[0-9a-f]{64}:(.*)$/.exec(line.trim());
    if (m) fields.set(m[1]!, m[2]!);
  }
  return { code: r.code, fields, output: r.stdout + r.stderr };
}

async function officialFile(id: string, name: string): Promise<string> {
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
  return saveTemp(Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer()), name);
}

async function assertDssPassed(file: string, signatures: number): Promise<void> {
  if (!dssAvailable()) {
    console.log(
      '      EU DSS validator not built (needs Java 17 and Maven; run npm run setup:tools): its verdict skipped',
    );
    return;
  }
  const verdicts = (await dssValidate(file, getStack().pki.caCertPath)).filter((v) => v.kind === 'signature');
  console.log(`      DSS: ${verdicts.map(describeVerdict).join('; ')}`);
  assert.deepEqual(
    verdicts.map((v) => `${v.level} ${v.indication}`),
    Array(signatures).fill('PAdES-BASELINE-LTA TOTAL_PASSED'),
    JSON.stringify(verdicts),
  );
}

describe('signatures: personal signatures judged by EU DSS and pyHanko', function () {
  this.timeout(300_000);
  // Signers of the suite's own, three personal and a seal numerator: seeded users' modes stay as other suites expect.
  let people: NewUser[];
  let sealNumerator: NewUser;
  before(async () => {
    people = [
      await newUser({ fullName: 'Lucía Validada', role: 'director', cuit: '27-41222333-4', apiKey: true }),
      await newUser({
        fullName: 'Sofía Validada',
        role: 'director',
        sectors: [{ acronym: 'MESA', canEdit: true }],
        cuit: '27-42333444-5',
        apiKey: true,
      }),
      await newUser({
        fullName: 'Martín Validado',
        role: 'director',
        sectors: [{ acronym: 'INTEN', canEdit: true }],
        cuit: '20-43444555-6',
        apiKey: true,
      }),
    ];
    sealNumerator = await newUser({
      fullName: 'Intendencia Sello',
      role: 'director',
      sectors: [{ acronym: 'INTEN', canEdit: true }],
      seal: 'Intendente Municipal',
      apiKey: true,
    });
    for (const p of people) assert.equal((await setMode(p.id, 'personal')).status, 200);
    assert.equal((await setMode(sealNumerator.id, 'seal')).status, 200);
  });

  it('three personal signers: PAdES-BASELINE-LTA TOTAL_PASSED, three certificates naming the three users; pyHanko trusted for each', async () => {
    const id = await prepareIntegrationDraft(
      'agente-obras',
      people.map((p) => p.id),
      { reference: 'Tres firmas personales' },
    );
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    for (const p of people) await signAs(id, p.integration, p.email);
    const file = await officialFile(id, 'personal-3.pdf');
    const leaves = (await cmsDetails(file))
      .filter((c) => c.subfilter === '/ETSI.CAdES.detached')
      .map((c) => c.certificates.find((s) => /Common Name/.test(s) && !/CA/.test(s)) ?? c.certificates[0]!);
    for (const name of people.map((p) => p.fullName))
      assert.ok(
        leaves.some((l) => l.includes(name)),
        `${name} in ${JSON.stringify(leaves)}`,
      );
    await assertPyhankoValid(await readFile(file), 'personal-3-py.pdf');
    await assertDssPassed(file, 3);
  });

  it('a personal signature and the seal in one document: both pass', async () => {
    const [personal] = people;
    const id = await prepareIntegrationDraft('agente-obras', [personal!.id, sealNumerator.id], {
      reference: 'Firma personal y sello',
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
    await signAs(id, personal!.integration, personal!.email);
    assert.equal((await signAs(id, sealNumerator.integration, null)).body.status, 'signed');
    const file = await officialFile(id, 'personal-and-seal.pdf');
    await assertPyhankoValid(await readFile(file), 'personal-and-seal-py.pdf');
    await assertDssPassed(file, 2);
  });

  it('a signer deactivated after signing (certificate revoked): the signature still passes', async () => {
    const revoked = await newUser({ fullName: 'Raúl Revocado', role: 'director', cuit: '20-23456789-1', apiKey: true });
    const userId = revoked.id;
    await setMode(userId, 'personal');
    const id = await createIntegrationDraft('agente-obras', { reference: 'Firmado antes de la baja' });
    await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: SAMPLE_HTML, signers: [userId, sealNumerator.id] },
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
    await signAs(id, revoked.integration, revoked.email);
    assert.equal((await signAs(id, sealNumerator.integration, null)).body.status, 'signed');

    // Time-stamps and revocation times are to the second, and a signature's proof of existence must
    // be strictly before the revocation: a deactivation within the same second could not be ordered.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const deactivated = await request(`/api/v1/users/${userId}/deactivate`, {
      method: 'POST',
      headers: asBackend('intendente'),
    });
    await getStack().client.workflow.getHandle(deactivated.body.data.credential_revocation_workflow_id).result();
    const file = await officialFile(id, 'signed-before-revocation.pdf');
    await assertDssPassed(file, 2);
    // pyHanko as a long-term validator: the revocation data and time-stamps in the file prove the
    // signature existed, and the certificate was good, before it was revoked.
    const py = await pyhankoLongTerm(file);
    console.log(`      pyHanko adesverify: ${[...py.fields].map(([f, v]) => `${f} ${v}`).join('; ')}`);
    assert.equal(py.code, 0, py.output);
    assert.match(py.fields.get('Firma1') ?? '', /^INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>/, py.output);
  });
});
