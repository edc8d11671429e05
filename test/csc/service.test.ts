/**
 * The development remote signing service through the CSC API v2 as a client sees it: the
 * answers' shapes (field names and types, errors and their statuses), enrolment, the e-mailed
 * one-time code bound to the hashes, SCAL2 SADs, revocation seen by the dev OCSP responder, and
 * keys sealed at rest. The platform's own client (activities/csc/client.ts) makes the calls.
 */
import assert from 'node:assert/strict';
import { createHash, createPublicKey, publicDecrypt, randomUUID, verify, X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CscClient, CscError, type CscErrorKind } from '../../activities/csc/client.js';
import { startCscService, type RunningCscService } from '../../signer/csc/server.js';
import { hotp, totpStep } from '../../signer/csc/totp.js';
import { newSigningCode, totpCode } from '../support/csc.js';
import { getStack } from '../support/hooks.js';
import { TEST_CSC } from '../support/stack.js';
import { run } from '../signer/support/tools.js';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (b: Buffer) => b.toString('base64');

async function refused(call: Promise<unknown>, kind: CscErrorKind, status = 400): Promise<CscError> {
  const err = await call.then(
    () => assert.fail(`expected a refusal (${kind})`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof CscError, `a CscError, got ${String(err)}`);
  assert.equal(err.kind, kind, `${err.error}: ${err.description}`);
  assert.equal(err.status, status);
  return err;
}

/** A raw CSC call, to look at exactly what the service answers. */
async function raw(
  url: string,
  method: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${url}/csc/v2/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

async function accessToken(url: string): Promise<string> {
  const res = await fetch(`${url}/csc/v2/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${TEST_CSC.clientId}:${TEST_CSC.clientSecret}`).toString('base64')}`,
    },
    body: '{}',
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function assertCscError(
  answer: { status: number; body: Record<string, unknown> },
  status: number,
  error: string,
): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.deepEqual(Object.keys(answer.body).sort(), ['error', 'error_description']);
  assert.equal(answer.body.error, error);
  assert.equal(typeof answer.body.error_description, 'string');
}

function person(tag: string) {
  const id = randomUUID();
  return {
    userId: id,
    fullName: `María José Ñandú ${tag}`,
    cuit: '27123456784',
    organization: 'Municipio de Prueba',
    email: `firma-${tag}-${id.slice(0, 8)}@example.test`,
  };
}

describe('remote signing service (CSC API v2, development)', () => {
  const stack = () => getStack();
  const client = () => new CscClient(stack().config.csc);

  it('info answers the CSC v2 shape without authorisation; other methods need the access token auth/login gives', async () => {
    const { url } = stack().csc;
    const info = await raw(url, 'info', {});
    assert.equal(info.status, 200);
    const b = info.body;
    for (const field of ['specs', 'name', 'logo', 'region', 'lang', 'description'])
      assert.equal(typeof b[field], 'string', field);
    assert.match(b.specs as string, /^2\./);
    assert.equal(b.region, 'AR');
    assert.deepEqual(b.authType, ['basic']);
    for (const m of [
      'auth/login',
      'credentials/list',
      'credentials/info',
      'credentials/authorize',
      'credentials/getChallenge',
      'signatures/signHash',
    ])
      assert.ok((b.methods as string[]).includes(m), m);
    assert.deepEqual((b.signAlgorithms as { algos: string[] }).algos.sort(), [
      '1.2.840.113549.1.1.1',
      '1.2.840.113549.1.1.11',
    ]);
    assert.ok(b.signature_formats && typeof b.signature_formats === 'object');
    assert.ok(Array.isArray(b.conformance_levels));
    assert.equal((await client().info()).region, 'AR');

    // auth/login: HTTP Basic client credentials.
    const login = await fetch(`${url}/csc/v2/auth/login`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_CSC.clientId}:${TEST_CSC.clientSecret}`).toString('base64')}`,
      },
      body: '{}',
    });
    const tokens = (await login.json()) as Record<string, unknown>;
    assert.equal(typeof tokens.access_token, 'string');
    assert.equal(typeof tokens.expires_in, 'number');
    const wrong = await fetch(`${url}/csc/v2/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${TEST_CSC.clientId}:wrong`).toString('base64')}` },
      body: '{}',
    });
    assertCscError(
      { status: wrong.status, body: (await wrong.json()) as Record<string, unknown> },
      400,
      'authentication_error',
    );
    const none = await fetch(`${url}/csc/v2/auth/login`, { method: 'POST', body: '{}' });
    assertCscError(
      { status: none.status, body: (await none.json()) as Record<string, unknown> },
      401,
      'invalid_request',
    );

    const anonymous = await raw(url, 'credentials/list', { userID: 'someone' });
    assertCscError(anonymous, 401, 'invalid_token');
    assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Bearer/);
    assertCscError(
      await raw(url, 'credentials/list', { userID: 'someone' }, `${tokens.access_token as string}x`),
      401,
      'invalid_token',
    );
    const listed = await raw(url, 'credentials/list', { userID: 'nobody-enrolled' }, tokens.access_token as string);
    assert.deepEqual(listed, { ...listed, status: 200, body: { credentialIDs: [] } });

    // Bad input is a clear 400 in the CSC shape, never a 500.
    const token = tokens.access_token as string;
    assertCscError(await raw(url, 'credentials/info', '{"credentialID": ', token), 400, 'invalid_request');
    assertCscError(await raw(url, 'credentials/info', [1, 2], token), 400, 'invalid_request');
    assertCscError(await raw(url, 'credentials/info', {}, token), 400, 'invalid_request');
    assertCscError(await raw(url, 'credentials/info', { credentialID: randomUUID() }, token), 400, 'invalid_request');
    assertCscError(
      await raw(url, 'credentials/info', { credentialID: '../../etc/passwd' }, token),
      400,
      'invalid_request',
    );
    assertCscError(await raw(url, 'credentials/list', { userID: 42 }, token), 400, 'invalid_request');
    assertCscError(await raw(url, 'nonexistent/method', {}, token), 404, 'invalid_request');
    await refused(client().credentialInfo(randomUUID()), 'unknown_credential');
    const admin = await fetch(`${url}/admin/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(admin.status, 401);
    await refused(
      new CscClient({ ...stack().config.csc, adminToken: 'wrong' }).enrol(person('x')),
      'unauthorised',
      401,
    );
    await refused(client().enrol({ ...person('x'), cuit: '20-1' }), 'invalid_request');
    await refused(client().enrol({ ...person('x'), email: 'not an address' }), 'invalid_request');
  });

  it('enrol → list → info → e-mailed code → authorize → signHash: a PKCS#1 v1.5 signature over the data, by a certificate naming the person', async function () {
    this.timeout(20_000);
    const { url } = stack().csc;
    const csc = client();
    const who = person('flujo');
    // Two enrolments at once (a retried provisioning step): one credential.
    const both = await Promise.all([csc.enrol(who), csc.enrol(who)]);
    assert.equal(both[0].credentialId, both[1].credentialId);
    assert.deepEqual(both.map((e) => e.created).sort(), [false, true]);
    const enrolled = both.find((e) => e.created)!;
    assert.match(enrolled.otpauthUri ?? '', /^otpauth:\/\/totp\//);
    const again = await csc.enrol(who);
    assert.deepEqual(
      again,
      { credentialId: enrolled.credentialId, created: false },
      'enrolment is idempotent and shows the authenticator secret once',
    );
    assert.deepEqual(await csc.listCredentials(who.userId), [enrolled.credentialId]);

    // credentials/list and credentials/info, field by field.
    const token = await accessToken(url);
    const listed = await raw(
      url,
      'credentials/list',
      {
        userID: who.userId,
        credentialInfo: true,
        certificates: 'chain',
        certInfo: true,
        authInfo: true,
        onlyValid: true,
      },
      token,
    );
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.credentialIDs, [enrolled.credentialId]);
    assert.equal(listed.body.onlyValid, true);
    const [fromList] = listed.body.credentialInfos as Record<string, unknown>[];
    assert.equal(fromList!.credentialID, enrolled.credentialId);
    const answer = await raw(
      url,
      'credentials/info',
      { credentialID: enrolled.credentialId, certificates: 'chain', certInfo: true, authInfo: true },
      token,
    );
    assert.equal(answer.status, 200);
    const info = answer.body as Record<string, any>;
    assert.deepEqual(info.key, {
      status: 'enabled',
      algo: ['1.2.840.113549.1.1.11', '1.2.840.113549.1.1.1'],
      len: 2048,
    });
    assert.equal(info.cert.status, 'valid');
    assert.equal(info.cert.certificates.length, 3, 'the person, the signing CA, the root');
    for (const f of ['issuerDN', 'serialNumber', 'subjectDN', 'validFrom', 'validTo'])
      assert.equal(typeof info.cert[f], 'string', f);
    assert.match(info.cert.validFrom, /^\d{14}Z$/);
    assert.match(info.cert.validTo, /^\d{14}Z$/);
    assert.match(info.cert.serialNumber, /^[0-9A-F]+$/);
    assert.equal(info.cert.subjectDN, `serialNumber=CUIT 27123456784,CN=${who.fullName},O=Municipio de Prueba,C=AR`);
    assert.equal(info.auth.mode, 'explicit');
    assert.deepEqual(
      info.auth.objects.map((o: { id: string; type: string }) => [o.id, o.type]),
      [
        ['OTP', 'ChallengeResponseOOB'],
        ['TOTP', 'Password'],
      ],
    );
    assert.equal(info.authMode, 'explicit');
    assert.deepEqual(Object.keys(info.OTP).sort(), ['description', 'format', 'label', 'presence', 'type']);
    assert.equal(info.OTP.type, 'online');
    assert.equal(info.SCAL, '2');
    assert.equal(typeof info.multisign, 'number');
    const single = await raw(url, 'credentials/info', { credentialID: enrolled.credentialId }, token);
    assert.equal((single.body as Record<string, any>).cert.certificates.length, 1, 'certificates defaults to single');

    const credential = await csc.credentialInfo(enrolled.credentialId);
    assert.equal(credential.status, 'valid');
    assert.equal(credential.otpType, 'online');
    assert.equal(credential.subjectDN, info.cert.subjectDN);
    assert.ok(credential.validTo.getTime() > Date.now() + 300 * 24 * 3600 * 1000);

    // The certificate, read by OpenSSL: subject, nonRepudiation (critical), revocation pointers, chain.
    const [leafDer, caDer, rootDer] = credential.certificates;
    const leafPem = new X509Certificate(leafDer!).toString();
    const text = (
      await run('openssl', ['x509', '-noout', '-text', '-nameopt', 'utf8,sep_comma_plus_space'], {
        input: Buffer.from(leafPem),
      })
    ).stdout;
    assert.match(
      text,
      new RegExp(`Subject: C=AR, O=Municipio de Prueba, CN=${who.fullName}, serialNumber=CUIT 27123456784`),
    );
    assert.match(text, /X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/);
    assert.match(text, /OCSP - URI:http:\/\/127\.0\.0\.1:\d+\/ocsp/);
    assert.match(text, /URI:http:\/\/127\.0\.0\.1:\d+\/crl\/signing-ca\.crl/);
    assert.ok(new X509Certificate(leafDer!).verify(new X509Certificate(caDer!).publicKey));
    assert.ok(new X509Certificate(caDer!).verify(new X509Certificate(rootDer!).publicKey));
    assert.ok(
      new X509Certificate(rootDer!).toString() === (await readFile(stack().pki.caCertPath, 'utf8')).replace(/\r/g, ''),
      'the root is the dev PKI trust anchor',
    );

    // The code: e-mailed to the person, saying what is signed.
    const data = Buffer.from('Decreto 12/2026: contenido firmado');
    const hash = sha256(data);
    const { code, message } = await newSigningCode(stack(), who.email, () =>
      csc.requestCode(enrolled.credentialId, { hashes: [hash], description: 'DECRETO-2026-12' }),
    );
    assert.match(message.subject, /DECRETO-2026-12/);
    assert.ok(message.text.includes(hash.toString('hex').slice(0, 16)), 'the e-mail shows the hash fingerprint');

    const authorized = await raw(
      url,
      'credentials/authorize',
      {
        credentialID: enrolled.credentialId,
        numSignatures: 1,
        hashes: [b64(hash)],
        hashAlgorithmOID: '2.16.840.1.101.3.4.2.1',
        authData: [{ id: 'OTP', value: code }],
      },
      token,
    );
    assert.equal(authorized.status, 200, JSON.stringify(authorized.body));
    assert.deepEqual(Object.keys(authorized.body).sort(), ['SAD', 'expiresIn']);
    assert.equal(typeof authorized.body.SAD, 'string');
    assert.equal(typeof authorized.body.expiresIn, 'number');

    const signed = await raw(
      url,
      'signatures/signHash',
      {
        credentialID: enrolled.credentialId,
        SAD: authorized.body.SAD,
        hashes: [b64(hash)],
        hashAlgorithmOID: '2.16.840.1.101.3.4.2.1',
        signAlgo: '1.2.840.113549.1.1.1',
      },
      token,
    );
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    assert.deepEqual(Object.keys(signed.body), ['signatures']);
    const signature = Buffer.from((signed.body.signatures as string[])[0]!, 'base64');
    const leafKey = new X509Certificate(leafDer!).publicKey;
    // Exactly crypto.sign('sha256', data, key): PKCS#1 v1.5 over DigestInfo(SHA-256, SHA-256(data)).
    assert.ok(verify('sha256', data, leafKey, signature), 'verifies over the data whose hash was sent');
    assert.equal(
      publicDecrypt(leafKey, signature).toString('hex'),
      `3031300d060960864801650304020105000420${hash.toString('hex')}`,
    );

    // The client: sha256WithRSA's twin, and a retried signHash with the same SAD gives the same signature.
    const [again1] = await csc.signHash(enrolled.credentialId, { sad: authorized.body.SAD as string, hashes: [hash] });
    assert.ok(again1!.equals(signature));
    const viaSha256WithRsa = await raw(
      url,
      'signatures/signHash',
      {
        credentialID: enrolled.credentialId,
        SAD: authorized.body.SAD,
        hashes: [b64(hash)],
        signAlgo: '1.2.840.113549.1.1.11',
      },
      token,
    );
    assert.deepEqual(viaSha256WithRsa.body.signatures, signed.body.signatures);
    // The code was good once.
    await refused(csc.authorize(enrolled.credentialId, { hashes: [hash], otp: code }), 'no_code');
    // Bad signHash input: clear 400s.
    assertCscError(
      await raw(
        url,
        'signatures/signHash',
        {
          credentialID: enrolled.credentialId,
          SAD: authorized.body.SAD,
          hashes: [b64(Buffer.alloc(20))],
          hashAlgorithmOID: '2.16.840.1.101.3.4.2.1',
          signAlgo: '1.2.840.113549.1.1.1',
        },
        token,
      ),
      400,
      'invalid_request',
    );
    assertCscError(
      await raw(
        url,
        'signatures/signHash',
        {
          credentialID: enrolled.credentialId,
          SAD: authorized.body.SAD,
          hashes: [b64(hash)],
          signAlgo: '1.2.840.113549.1.1.1',
        },
        token,
      ),
      400,
      'invalid_request',
    );
    assertCscError(
      await raw(
        url,
        'signatures/signHash',
        {
          credentialID: enrolled.credentialId,
          SAD: authorized.body.SAD,
          hashes: [b64(hash)],
          signAlgo: '1.2.840.10045.4.3.2',
        },
        token,
      ),
      400,
      'invalid_request',
    );
    assertCscError(
      await raw(
        url,
        'signatures/signHash',
        {
          credentialID: enrolled.credentialId,
          SAD: authorized.body.SAD,
          hashes: [],
          signAlgo: '1.2.840.113549.1.1.11',
        },
        token,
      ),
      400,
      'invalid_request',
    );
    assertCscError(
      await raw(
        url,
        'credentials/authorize',
        {
          credentialID: enrolled.credentialId,
          numSignatures: 2,
          hashes: [b64(hash)],
          authData: [{ id: 'OTP', value: '000000' }],
        },
        token,
      ),
      400,
      'invalid_request',
    );
    assertCscError(
      await raw(
        url,
        'credentials/authorize',
        { credentialID: enrolled.credentialId, numSignatures: 1, hashes: [b64(hash)] },
        token,
      ),
      400,
      'invalid_authentication_data',
    );
  });

  it('a wrong code three times kills it; a code is bound to its hashes; a SAD signs only what it covers', async function () {
    this.timeout(20_000);
    const csc = client();
    const who = person('codigos');
    const { credentialId } = await csc.enrol(who);
    const [h1, h2, h3] = ['uno', 'dos', 'tres'].map((s) => sha256(s));

    // Three wrong tries: the right code is dead afterwards.
    const first = await newSigningCode(stack(), who.email, () => csc.requestCode(credentialId, { hashes: [h1!] }));
    const wrong = first.code === '000000' ? '000001' : '000000';
    assert.match(
      (await refused(csc.authorize(credentialId, { hashes: [h1!], otp: wrong }), 'wrong_code')).description,
      /2 tries left/,
    );
    assert.match(
      (await refused(csc.authorize(credentialId, { hashes: [h1!], otp: wrong }), 'wrong_code')).description,
      /1 try left/,
    );
    assert.match(
      (await refused(csc.authorize(credentialId, { hashes: [h1!], otp: wrong }), 'wrong_code')).description,
      /last try/,
    );
    await refused(csc.authorize(credentialId, { hashes: [h1!], otp: first.code }), 'no_code');

    // A code asked for h1 is refused for h2, and is spent by that attempt.
    const second = await newSigningCode(stack(), who.email, () => csc.requestCode(credentialId, { hashes: [h1!] }));
    await refused(csc.authorize(credentialId, { hashes: [h2!], otp: second.code }), 'hash_not_authorised');
    await refused(csc.authorize(credentialId, { hashes: [h1!], otp: second.code }), 'no_code');

    // A new request replaces the pending code.
    const replaced = await newSigningCode(stack(), who.email, () =>
      csc.requestCode(credentialId, { hashes: [h1!, h2!] }),
    );
    const third = await newSigningCode(stack(), who.email, () => csc.requestCode(credentialId, { hashes: [h1!, h2!] }));
    if (replaced.code !== third.code)
      await refused(csc.authorize(credentialId, { hashes: [h1!, h2!], otp: replaced.code }), 'wrong_code');
    // One authorisation, two signatures (numSignatures 2), in any order of the hashes.
    const { sad } = await csc.authorize(credentialId, { hashes: [h2!, h1!], otp: third.code });
    const signatures = await csc.signHash(credentialId, { sad, hashes: [h1!, h2!] });
    assert.equal(signatures.length, 2);
    const [only] = await csc.signHash(credentialId, { sad, hashes: [h2!] });
    assert.ok(only!.equals(signatures[1]!), 'a part of what the SAD covers, signed again: the same signature');
    // Never a hash the SAD does not cover; never another credential's SAD.
    assert.match(
      (await refused(csc.signHash(credentialId, { sad, hashes: [h3!] }), 'hash_not_authorised')).description,
      /Hash is not authorized by the SAD/,
    );
    await refused(csc.signHash(credentialId, { sad, hashes: [h1!, h3!] }), 'hash_not_authorised');
    const other = await csc.enrol(person('otra'));
    await refused(csc.signHash(other.credentialId, { sad, hashes: [h1!] }), 'sad_invalid');
    await refused(csc.signHash(credentialId, { sad: `${sad.slice(0, -2)}AA`, hashes: [h1!] }), 'sad_invalid');
  });

  it('an authenticator (TOTP) code authorises too, once', async () => {
    const csc = client();
    const who = person('totp');
    const { credentialId, otpauthUri } = await csc.enrol(who);
    // RFC 6238 test vector (SHA-1, T = 59 s, 8 digits 94287082: the 6 low digits).
    assert.equal(hotp(Buffer.from('12345678901234567890'), totpStep(59_000)), '287082');
    const hash = sha256('totp');
    const code = totpCode(otpauthUri!);
    const { sad } = await csc.authorize(credentialId, { hashes: [hash], otp: code, method: 'totp' });
    assert.equal((await csc.signHash(credentialId, { sad, hashes: [hash] })).length, 1);
    await refused(csc.authorize(credentialId, { hashes: [hash], otp: code, method: 'totp' }), 'wrong_code');
  });

  describe('on a clock of its own', () => {
    let service: RunningCscService;
    let dataDir: string;
    let clock = Date.now();
    let csc: CscClient;

    before(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'expediente-csc-'));
      service = await startCscService(
        { ...stack().csc.config, port: 0, dataDir: path.join(dataDir, 'csc'), otpTtlSeconds: 300, sadTtlSeconds: 600 },
        { log: stack().log, now: () => clock },
      );
      csc = new CscClient({ ...stack().config.csc, url: service.url, enrolmentUrl: service.url });
    });

    after(async () => {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('a code expires after five minutes, a SAD after its lifetime; an expired access token is fetched again', async () => {
      const who = person('reloj');
      const { credentialId } = await csc.enrol(who);
      const hash = sha256('reloj');
      const { code } = await newSigningCode(stack(), who.email, () =>
        csc.requestCode(credentialId, { hashes: [hash] }),
      );
      clock += 301_000;
      await refused(csc.authorize(credentialId, { hashes: [hash], otp: code }), 'expired_code');
      const fresh = await newSigningCode(stack(), who.email, () => csc.requestCode(credentialId, { hashes: [hash] }));
      clock += 299_000;
      const { sad, expiresIn } = await csc.authorize(credentialId, { hashes: [hash], otp: fresh.code });
      assert.equal(expiresIn, 600);
      clock += 599_000;
      await csc.signHash(credentialId, { sad, hashes: [hash] });
      clock += 2_000;
      assert.match(
        (await refused(csc.signHash(credentialId, { sad, hashes: [hash] }), 'sad_invalid')).description,
        /SAD expired/,
      );
      // Hours later the client's cached token is stale at the service: it logs in again by itself.
      clock += 4 * 3600_000;
      assert.deepEqual(await csc.listCredentials(who.userId), [credentialId]);
    });

    it('keys and codes are not on disk in the clear; the data survives a restart', async () => {
      const who = person('disco');
      const { credentialId } = await csc.enrol(who);
      const { code } = await newSigningCode(stack(), who.email, () =>
        csc.requestCode(credentialId, { hashes: [sha256('disco')] }),
      );
      const files = async (dir: string) =>
        (await readdir(path.join(dataDir, 'csc', dir)))
          .filter((f) => f.endsWith('.json'))
          .map((f) => path.join(dataDir, 'csc', dir, f));
      for (const file of [...(await files('credentials')), ...(await files('otp')), ...(await files('users'))]) {
        const text = await readFile(file, 'utf8');
        assert.doesNotMatch(text, /PRIVATE KEY|MII[A-Za-z0-9+/]{20,}.*BEGIN/, file);
        assert.ok(!text.includes(code), `the code is not in ${file}`);
      }
      const record = JSON.parse(
        await readFile(path.join(dataDir, 'csc', 'credentials', `${credentialId}.json`), 'utf8'),
      ) as { key: { sealed: string } };
      assert.ok(record.key.sealed.length > 1000);
      assert.throws(() =>
        createPublicKey({ key: Buffer.from(record.key.sealed, 'base64'), format: 'der', type: 'pkcs1' }),
      );
      // A sealed key copied into another credential's file does not open there.
      const otherPerson = person('disco-2');
      const other = await csc.enrol(otherPerson);
      const otherFile = path.join(dataDir, 'csc', 'credentials', `${other.credentialId}.json`);
      const otherRecord = JSON.parse(await readFile(otherFile, 'utf8')) as { key: { sealed: string } };
      await writeFile(otherFile, JSON.stringify({ ...otherRecord, key: record.key }));

      // Restarted on the same data: the pending code, the credential and its key still work.
      await service.close();
      service = await startCscService(
        { ...stack().csc.config, port: Number(new URL(service.url).port), dataDir: path.join(dataDir, 'csc') },
        { log: stack().log, now: () => clock },
      );
      const { sad } = await csc.authorize(credentialId, { hashes: [sha256('disco')], otp: code });
      assert.equal((await csc.signHash(credentialId, { sad, hashes: [sha256('disco')] })).length, 1);
      const swapped = await newSigningCode(stack(), otherPerson.email, () =>
        csc.requestCode(other.credentialId, { hashes: [sha256('x')] }),
      );
      const swappedSad = await csc.authorize(other.credentialId, { hashes: [sha256('x')], otp: swapped.code });
      await assert.rejects(
        csc.signHash(other.credentialId, { sad: swappedSad.sad, hashes: [sha256('x')] }),
        (e: Error) => !(e instanceof CscError) && /500/.test(e.message),
      );
    });
  });

  it('revocation: the credential signs no more, the dev OCSP responder answers revoked, a new enrolment issues a new credential', async function () {
    this.timeout(20_000);
    const csc = client();
    const who = person('baja');
    const { credentialId } = await csc.enrol(who);
    const hash = sha256('baja');
    const { code } = await newSigningCode(stack(), who.email, () => csc.requestCode(credentialId, { hashes: [hash] }));
    const { sad } = await csc.authorize(credentialId, { hashes: [hash], otp: code });
    const leaf = (await csc.credentialInfo(credentialId)).certificates[0]!;

    const leafPem = path.join(await mkdtemp(path.join(os.tmpdir(), 'expediente-csc-ocsp-')), 'leaf.pem');
    await writeFile(leafPem, new X509Certificate(leaf).toString());
    const ocspUrl = (await run('openssl', ['x509', '-in', leafPem, '-noout', '-ocsp_uri'])).stdout.trim();
    const ocsp = () =>
      run('openssl', [
        'ocsp',
        '-issuer',
        stack().pki.signingCaCertPath,
        '-cert',
        leafPem,
        '-url',
        ocspUrl,
        '-CAfile',
        stack().pki.caCertPath,
      ]);
    assert.match((await ocsp()).stdout, /: good/);

    assert.deepEqual(await csc.revoke({ userId: who.userId }), [credentialId]);
    assert.deepEqual(await csc.revoke({ credentialId }), [], 'revoking again changes nothing');
    const revoked = await ocsp();
    assert.match(revoked.stdout + revoked.stderr, /Response verify OK/);
    assert.match(revoked.stdout, /: revoked/);

    assert.match(
      (await refused(csc.signHash(credentialId, { sad, hashes: [hash] }), 'revoked')).description,
      /disabled.*revoked/,
    );
    await refused(csc.requestCode(credentialId, { hashes: [hash] }), 'revoked');
    await refused(csc.authorize(credentialId, { hashes: [hash], otp: code }), 'revoked');
    const info = await csc.credentialInfo(credentialId);
    assert.equal(info.status, 'revoked');
    assert.equal(info.keyStatus, 'disabled');
    assert.deepEqual(await csc.listCredentials(who.userId), [], 'only valid credentials by default');
    assert.deepEqual(await csc.listCredentials(who.userId, { onlyValid: false }), [credentialId]);

    const renewed = await csc.enrol(who);
    assert.equal(renewed.created, true);
    assert.notEqual(renewed.credentialId, credentialId);
    assert.deepEqual(
      await csc.listCredentials(who.userId, { onlyValid: false }),
      [renewed.credentialId, credentialId],
      'newest first',
    );
  });

  it('transport failures are plain errors (retried by activities), never a CscError', async () => {
    const down = new CscClient({ ...stack().config.csc, url: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await assert.rejects(
      down.listCredentials('x'),
      (e: Error) => !(e instanceof CscError) && /unreachable/.test(e.message),
    );
    await refused(new CscClient({ ...stack().config.csc, url: undefined }).info(), 'not_configured', 0);
  });
});
