/**
 * Hostile requests to the development remote signing service's JSON API (CSC API v2 and its
 * /admin/ enrolment), generated with fast-check: wrong types, missing fields, huge strings and
 * arrays, deep nesting, non-JSON and wrong content types, unknown credentials, bad base64
 * hashes, numSignatures that do not match, SADs forged, expired or for other hashes, access
 * tokens forged or expired, with and without service authorisation; the admin calls without or
 * with a wrong token (and, with the right one, hostile enrolments).
 *
 * Promises: never a 5xx or a dropped connection, every refusal in the CSC shape
 * `{error, error_description}`, nothing but /info and auth/login answered without a valid access
 * token, nothing of /admin/ without the admin token, and no signature ever produced without a
 * live SAD of that credential covering every hash signed (each one checked with the
 * certificate's key). FUZZ_SEED reproduces a run; FUZZ_RUNS sets requests per endpoint.
 */
import assert from 'node:assert/strict';
import { constants, publicDecrypt, randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { createLogger } from '../../lib/log.js';
import { OID, startCscService, type RunningCscService } from '../../signer/csc/server.js';
import { TokenSigner, type AccessClaims, type SadClaims } from '../../signer/csc/tokens.js';
import { newSigningCode } from '../support/csc.js';
import { getStack } from '../support/hooks.js';
import { logBuffer } from '../support/stack.js';
import { inParallel, prng } from '../signer/support/fuzzing.js';
import { Tally } from './support/tally.js';
import { watchHealth } from './support/watch.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const CONCURRENCY = 4;
/** Every call answers in milliseconds; an enrolment makes an RSA key, a code is e-mailed. */
const ANSWER_BOUND_MS = 5000;
const ADMIN_TOKEN = 'fuzz-csc-admin-token';
const CLIENT = { id: 'fuzz-client', secret: 'fuzz-client-secret' };
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

const b64 = (b: Buffer) => b.toString('base64');
const randomHash = () => b64(randomBytes(32));

interface Credential {
  id: string;
  userId: string;
  email: string;
  certificate: X509Certificate;
}

/** A SAD the service gave for exactly these hashes of this credential. */
interface Grant {
  credential: Credential;
  hashes: string[];
  sad: string;
}

interface FuzzRequest {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** What the answer must be; checked after the common promises. */
  expect?: (status: number, body: Record<string, unknown> | undefined) => string | undefined;
}

describe('robustness: hostile requests to the remote signing service (CSC API v2)', function () {
  this.timeout(5 * 60_000);
  let service: RunningCscService;
  const serverErrors: string[] = [];
  let key: Buffer;
  let token: string;
  let live: Grant[] = [];
  let revokedGrant: Grant;
  const credentials: Credential[] = [];

  before(async () => {
    const stack = getStack();
    key = randomBytes(32);
    const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'expediente-csc-fuzz-')), 'csc');
    const config = {
      ...stack.csc.config,
      port: 0,
      dataDir,
      keysKey: key,
      adminToken: ADMIN_TOKEN,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    };
    // Its log goes where the stack's goes (printed under a failing test); every 500 is kept.
    const log = createLogger('info', (line) => {
      if (line.includes('request failed')) serverErrors.push(line);
      logBuffer.push(`[csc] ${line}`);
      if (logBuffer.length > 200) logBuffer.shift();
    });
    service = await startCscService(config, { log });
    token = await login(service.url);

    for (const tag of ['a', 'b', 'r']) credentials.push(await enrol(service.url, tag));
    const [a, b, r] = credentials as [Credential, Credential, Credential];
    // Disjoint hashes: nothing taken from one grant is covered by another.
    const grant = async (credential: Credential, count: number): Promise<Grant> => {
      const hashes = Array.from({ length: count }, randomHash);
      const sad = await authorize(service.url, token, credential, hashes);
      return { credential, hashes, sad };
    };
    live = [await grant(a, 3), await grant(a, 1), await grant(b, 2)];
    revokedGrant = await grant(r, 1);
    const revoked = await post(service.url, '/admin/credentials/revoke', { credentialID: r.id }, ADMIN_TOKEN);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
  });

  after(async () => {
    await service?.close();
  });

  it('signatures/signHash signs only what a live SAD of that credential covers (a model of every request)', async () => {
    const minted = mint(key);
    const requests = fc.sample(signHashRequests(live, revokedGrant, credentials, token, minted), {
      numRuns: RUNS * 10,
      seed: SEED,
    });
    const tally = new Tally('csc fuzz: signatures/signHash against its model', { maxLatencyMs: ANSWER_BOUND_MS });
    let signed = 0;
    await inParallel(requests, CONCURRENCY, async (r) => {
      const answer = await send(service.url, r, tally);
      if (answer?.status === 200) signed++;
    });
    process.stdout.write(`      ${requests.length} requests (${signed} signed, as the model expected), seed ${SEED}\n`);
    assert.deepEqual(serverErrors, []);
    assert.ok(signed > 0, 'no valid request in the sample: the model was not exercised');
    tally.check();
  });

  it('every endpoint, with and without authorisation: never a 5xx, refusals in the CSC shape, nothing without a valid token', async () => {
    const minted = mint(key);
    const requests = endpointRequests(live, revokedGrant, credentials, token, minted);
    process.stdout.write(
      `      ${requests.length} requests over ${new Set(requests.map((r) => r.path)).size} paths, seed ${SEED}\n`,
    );
    const tally = new Tally('csc fuzz: every endpoint', { maxLatencyMs: ANSWER_BOUND_MS, maxRssBytes: 2 * 1024 ** 3 });
    const health = watchHealth(`${service.url}/health`, { maxLatencyMs: 1000 });
    await inParallel(requests, CONCURRENCY, async (r, i) => {
      await send(service.url, r, tally);
      if (i % 25 === 0) tally.rss(process.memoryUsage().rss);
    });
    (await health.stop()).check();
    assert.deepEqual(serverErrors, []);
    tally.check();
    // Still serving: a live grant still signs what it covers.
    const grant = live[0]!;
    const still = await post(
      service.url,
      '/csc/v2/signatures/signHash',
      { credentialID: grant.credential.id, SAD: grant.sad, hashes: grant.hashes, signAlgo: OID.sha256WithRSA },
      token,
    );
    assert.equal(still.status, 200, JSON.stringify(still.body));
  });

  it('a code guessed by many requests at once: at most the allowed wrong tries, then it is dead even for the right code', async () => {
    const tally = new Tally('csc fuzz: concurrent guesses at one code', { maxLatencyMs: ANSWER_BOUND_MS * 2 });
    const target = credentials[1]!;
    const hashes = [randomHash()];
    const { code } = await newSigningCode(getStack(), target.email, async () => {
      const r = await post(
        service.url,
        '/csc/v2/credentials/getChallenge',
        { credentialID: target.id, authObjectID: 'OTP', hashes, hashAlgorithmOID: OID.sha256 },
        token,
      );
      assert.equal(r.status, 204, JSON.stringify(r.body));
    });
    const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
    const errors: string[] = [];
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const started = performance.now();
        const r = await post(
          service.url,
          '/csc/v2/credentials/authorize',
          { credentialID: target.id, numSignatures: 1, hashes, authData: [{ id: 'OTP', value: wrong(i) }] },
          token,
        );
        tally.record(`authorize with wrong code #${i}`, r.status, performance.now() - started, JSON.stringify(r.body));
        errors.push(String(r.body?.error));
      }),
    );
    const right = await post(
      service.url,
      '/csc/v2/credentials/authorize',
      { credentialID: target.id, numSignatures: 1, hashes, authData: [{ id: 'OTP', value: code }] },
      token,
    );
    const counts = Object.fromEntries([...new Set(errors)].map((e) => [e, errors.filter((x) => x === e).length]));
    process.stdout.write(
      `      30 guesses at once: ${JSON.stringify(counts)}; then the right code: ${right.status} ${String(right.body?.error)}\n`,
    );
    assert.equal(counts.invalid_otp, getStack().csc.config.otpMaxAttempts, JSON.stringify(counts));
    assert.equal(counts.expired_otp, 30 - getStack().csc.config.otpMaxAttempts, JSON.stringify(counts));
    assert.equal(right.status, 400);
    assert.equal(right.body?.error, 'expired_otp');
    tally.check();
  });

  it('an enrolment the service accepts can always be asked for a code (hostile names and addresses never turn into a 5xx later)', async () => {
    const tally = new Tally('csc fuzz: hostile enrolments, then a code', { maxLatencyMs: ANSWER_BOUND_MS });
    // Addresses a loose pattern takes and a mail server refuses (or splits), always tried; then generated people.
    const awkward = [
      'a,b@c.d',
      '<>@b.c',
      'a@b.c,d',
      '"x"@y.z',
      'x@y.z>',
      'a@[127.0.0.1].x',
      'a@b.c;bcc=z',
      '.@-.-',
      'a@b..c',
      `${'x'.repeat(240)}@b.cd`,
    ];
    const people = awkward
      .map((email) => ({
        fullName: 'Persona Fuzz',
        organization: 'Municipio de Prueba',
        email,
        cuit: null as string | null,
      }))
      .concat(
        fc.sample(
          fc.record({
            fullName: fc.oneof(
              fc.string({ minLength: 1, maxLength: 200 }),
              fc.constantFrom('Ñandú "Pérez" <x>', '=?utf-8?b?SGk=?=', 'a\u202eb', '\u0000\u0001x', 'x'.repeat(200)),
            ),
            organization: fc.oneof(
              fc.string({ minLength: 1, maxLength: 200 }),
              fc.constantFrom('O=Evil, CN=Root', '#,+;<>\\'),
            ),
            email: fc.oneof(
              fc.emailAddress(),
              fc.string({ maxLength: 40 }).map((s) => `${s}@municipio.gob.ar`),
            ),
            cuit: fc.oneof(fc.constant(null), fc.stringMatching(/^\d{11}$/)),
          }),
          { numRuns: Math.max(8, Math.round(RUNS / 2)), seed: SEED },
        ),
      );
    await inParallel(people, 2, async (p) => {
      const started = performance.now();
      const enrolled = await post(
        service.url,
        '/admin/credentials',
        { userID: `fuzz:${randomUUID()}`, ...p },
        ADMIN_TOKEN,
      );
      tally.record(
        `enrol ${JSON.stringify(p).slice(0, 120)}`,
        enrolled.status,
        performance.now() - started,
        JSON.stringify(enrolled.body),
      );
      if (enrolled.status >= 300) return checkShape(tally, 'enrol', enrolled.status, enrolled.body);
      const id = enrolled.body?.credentialID as string;
      const t0 = performance.now();
      const code = await post(
        service.url,
        '/csc/v2/credentials/getChallenge',
        { credentialID: id, authObjectID: 'OTP', hashes: [randomHash()], hashAlgorithmOID: OID.sha256 },
        token,
      );
      tally.record(`getChallenge for ${p.email}`, code.status, performance.now() - t0, JSON.stringify(code.body));
      if (code.status !== 204)
        tally.fail(
          `enrolled ${JSON.stringify(p.email)}, then getChallenge answered ${code.status} ${JSON.stringify(code.body)}`,
        );
    });
    assert.deepEqual(serverErrors, []);
    tally.check();
  });
});

// ---------------------------------------------------------------- the service's calls

async function post(
  url: string,
  route: string,
  body: unknown,
  bearer?: string,
): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/csc/v2/auth/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${b64(Buffer.from(`${CLIENT.id}:${CLIENT.secret}`))}` },
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function enrol(url: string, tag: string): Promise<Credential> {
  const userId = `fuzz:${randomUUID()}`;
  const email = `csc-fuzz-${tag}-${userId.slice(5, 13)}@example.test`;
  const res = await post(
    url,
    '/admin/credentials',
    { userID: userId, fullName: `Persona Fuzz ${tag}`, organization: 'Municipio de Prueba', cuit: null, email },
    ADMIN_TOKEN,
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const id = res.body!.credentialID as string;
  const info = await post(url, '/csc/v2/credentials/info', { credentialID: id }, await login(url));
  const certificate = new X509Certificate(
    Buffer.from((info.body!.cert as { certificates: string[] }).certificates[0]!, 'base64'),
  );
  return { id, userId, email, certificate };
}

/** An e-mailed code bound to `hashes`, read from the stack's MailDev, redeemed for a SAD. */
async function authorize(url: string, token: string, credential: Credential, hashes: string[]): Promise<string> {
  const { code } = await newSigningCode(getStack(), credential.email, async () => {
    const r = await post(
      url,
      '/csc/v2/credentials/getChallenge',
      { credentialID: credential.id, authObjectID: 'OTP', hashes, hashAlgorithmOID: OID.sha256 },
      token,
    );
    assert.equal(r.status, 204, JSON.stringify(r.body));
  });
  const r = await post(
    url,
    '/csc/v2/credentials/authorize',
    {
      credentialID: credential.id,
      numSignatures: hashes.length,
      hashes,
      hashAlgorithmOID: OID.sha256,
      authData: [{ id: 'OTP', value: code }],
    },
    token,
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body!.SAD as string;
}

/** Authentic but expired access tokens and SADs, made with the service's key. */
function mint(key: Buffer) {
  const access = new TokenSigner<AccessClaims>(key, 'access token');
  const sads = new TokenSigner<SadClaims>(key, 'SAD');
  const past = Date.now() - 1000;
  return {
    expiredToken: access.sign({ sub: CLIENT.id, exp: past }),
    expiredSad: (g: Grant) =>
      sads.sign({ cid: g.credential.id, hashes: g.hashes, numSignatures: g.hashes.length, exp: past, jti: 'expired' }),
  };
}

/** A bearer token that is not a valid one: forged, tampered, expired, malformed. */
function badTokens(token: string, expired: string): string[] {
  const [body, mac] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as AccessClaims;
  const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 365 * 86_400_000 })).toString('base64url');
  return [
    expired,
    `${longer}.${mac}`,
    `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
    `${body}.`,
    `.${mac}`,
    body,
    `${body}.${mac}.${mac}`,
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    `${Buffer.from('null').toString('base64url')}.${mac}`,
    'x'.repeat(8000),
    '%00',
  ];
}

// ---------------------------------------------------------------- signHash against a model

const BREAKING = [
  'credential: unknown',
  'credential: revoked',
  'credential: another live one',
  'credential: not a string',
  'SAD: expired',
  'SAD: MAC changed',
  'SAD: claims changed, MAC kept',
  'SAD: another grant',
  'SAD: the revoked credential',
  'SAD: random',
  'SAD: missing',
  'SAD: not a string',
  'SAD: huge',
  'hashes: one not covered',
  'hashes: all not covered',
  'hashes: empty',
  'hashes: not base64',
  'hashes: 31 bytes',
  'hashes: base64url',
  'hashes: not an array',
  'hashes: 51 of them',
  'hashes: numbers',
  'signAlgo: missing',
  'signAlgo: SHA-1 with RSA',
  'signAlgo: rsaEncryption without hashAlgorithmOID',
  'hashAlgorithmOID: SHA-1',
  'hashAlgorithmOID: a number',
  'operationMode: A',
  'token: missing',
  'token: bad',
] as const;
const NEUTRAL = [
  'hashAlgorithmOID: SHA-256',
  'operationMode: S',
  'a covered hash twice',
  'unknown fields',
  'rsaEncryption with hashAlgorithmOID',
  'numSignatures: nonsense',
] as const;
type Mutation = (typeof BREAKING)[number] | (typeof NEUTRAL)[number];

function signHashRequests(
  live: Grant[],
  revoked: Grant,
  all: Credential[],
  token: string,
  minted: ReturnType<typeof mint>,
): fc.Arbitrary<FuzzRequest> {
  const bad = badTokens(token, minted.expiredToken);
  return fc
    .record({
      grant: fc.nat(live.length - 1),
      pick: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      // A third of the requests valid (neutral changes only), so the model's yes is tested as much as its no.
      breaking: fc.oneof(
        { weight: 1, arbitrary: fc.constant([] as Mutation[]) },
        { weight: 2, arbitrary: fc.uniqueArray(fc.constantFrom(...BREAKING), { minLength: 1, maxLength: 3 }) },
      ),
      neutral: fc.uniqueArray(fc.constantFrom(...NEUTRAL), { maxLength: 2 }),
      other: fc.nat(),
      badToken: fc.constantFrom(...bad),
    })
    .map(({ grant: g, pick, breaking, neutral, other, badToken }): FuzzRequest => {
      const grant = live[g]!;
      const hashes = [...new Set(pick.map((p) => grant.hashes[p % grant.hashes.length]!))];
      const body: Record<string, unknown> = {
        credentialID: grant.credential.id,
        SAD: grant.sad,
        hashes,
        signAlgo: OID.sha256WithRSA,
      };
      let bearer: string | undefined = token;
      const others = live.filter((x) => x !== grant);
      const mutations: Mutation[] = [...breaking, ...neutral];
      for (const m of mutations) {
        switch (m) {
          case 'credential: unknown':
            body.credentialID = randomUUID();
            break;
          case 'credential: revoked':
            body.credentialID = revoked.credential.id;
            break;
          case 'credential: another live one':
            body.credentialID = all.find((c) => c.id !== grant.credential.id && c !== revoked.credential)!.id;
            break;
          case 'credential: not a string':
            body.credentialID = [grant.credential.id];
            break;
          case 'SAD: expired':
            body.SAD = minted.expiredSad(grant);
            break;
          case 'SAD: MAC changed':
            body.SAD = `${grant.sad.slice(0, -3)}${grant.sad.endsWith('AAA') ? 'BBB' : 'AAA'}`;
            break;
          case 'SAD: claims changed, MAC kept': {
            const [claims, mac] = grant.sad.split('.') as [string, string];
            const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as SadClaims;
            body.SAD = `${Buffer.from(JSON.stringify({ ...c, hashes: [...c.hashes, randomHash()] })).toString('base64url')}.${mac}`;
            break;
          }
          case 'SAD: another grant':
            body.SAD = others[other % others.length]!.sad;
            break;
          case 'SAD: the revoked credential':
            body.SAD = revoked.sad;
            break;
          case 'SAD: random':
            body.SAD = `${randomBytes(40).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
            break;
          case 'SAD: missing':
            delete body.SAD;
            break;
          case 'SAD: not a string':
            body.SAD = { sad: grant.sad };
            break;
          case 'SAD: huge':
            body.SAD = `${grant.sad}${'A'.repeat(100_000)}`;
            break;
          case 'hashes: one not covered':
            body.hashes = [...hashes, randomHash()];
            break;
          case 'hashes: all not covered':
            body.hashes = [randomHash()];
            break;
          case 'hashes: empty':
            body.hashes = [];
            break;
          case 'hashes: not base64':
            body.hashes = [...hashes.slice(1), '!!not base64!!'];
            break;
          case 'hashes: 31 bytes':
            body.hashes = [b64(Buffer.from(hashes[0]!, 'base64').subarray(1))];
            break;
          case 'hashes: base64url':
            body.hashes = [
              Buffer.from(hashes[0]!, 'base64')
                .toString('base64url')
                .replace(/^[A-Za-z0-9]/, '-'),
            ];
            break;
          case 'hashes: not an array':
            body.hashes = hashes[0];
            break;
          case 'hashes: 51 of them':
            body.hashes = Array.from({ length: 51 }, (_, i) => hashes[i % hashes.length]);
            break;
          case 'hashes: numbers':
            body.hashes = [1, 2, 3];
            break;
          case 'signAlgo: missing':
            delete body.signAlgo;
            break;
          case 'signAlgo: SHA-1 with RSA':
            body.signAlgo = '1.2.840.113549.1.1.5';
            break;
          case 'signAlgo: rsaEncryption without hashAlgorithmOID':
            body.signAlgo = OID.rsaEncryption;
            if (
              neutral.includes('hashAlgorithmOID: SHA-256') ||
              neutral.includes('rsaEncryption with hashAlgorithmOID')
            )
              body.signAlgo = 'not an OID';
            break;
          case 'hashAlgorithmOID: SHA-1':
            body.hashAlgorithmOID = '1.3.14.3.2.26';
            break;
          case 'hashAlgorithmOID: a number':
            body.hashAlgorithmOID = 2;
            break;
          case 'operationMode: A':
            body.operationMode = 'A';
            break;
          case 'token: missing':
            bearer = undefined;
            break;
          case 'token: bad':
            bearer = badToken;
            break;
          // Neutral: what a valid request may also carry.
          case 'hashAlgorithmOID: SHA-256':
            if (body.hashAlgorithmOID === undefined) body.hashAlgorithmOID = OID.sha256;
            break;
          case 'operationMode: S':
            if (body.operationMode === undefined) body.operationMode = 'S';
            break;
          case 'a covered hash twice':
            if (Array.isArray(body.hashes) && body.hashes.length && body.hashes.length < 50)
              body.hashes = [...body.hashes, body.hashes[0]];
            break;
          case 'unknown fields':
            Object.assign(body, {
              clientData: 'x'.repeat(500),
              validity_period: -1,
              responseUri: 'http://127.0.0.1:1/',
              __proto__x: { polluted: true },
            });
            break;
          case 'rsaEncryption with hashAlgorithmOID':
            if (body.signAlgo === OID.sha256WithRSA) body.signAlgo = OID.rsaEncryption;
            if (body.hashAlgorithmOID === undefined) body.hashAlgorithmOID = OID.sha256;
            break;
          case 'numSignatures: nonsense':
            body.numSignatures = -7;
            break;
        }
      }
      const valid = breaking.length === 0;
      const label = `signHash [${mutations.join('; ') || 'valid'}]`;
      return {
        label,
        method: 'POST',
        path: '/csc/v2/signatures/signHash',
        headers: {
          'content-type': 'application/json',
          ...(bearer !== undefined ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: JSON.stringify(body),
        expect: (status, answer) => {
          if (!valid)
            return status === 200
              ? `signed without a live SAD covering the hashes: ${JSON.stringify(answer).slice(0, 200)}`
              : status >= 400 && status < 500
                ? undefined
                : `answered ${status}`;
          if (status !== 200) return `a valid request refused: ${status} ${JSON.stringify(answer)}`;
          return checkSignatures(grant, body.hashes as string[], answer);
        },
      };
    });
}

/** A signature the sweep obtained by chance: only from a live grant's SAD, for its credential, over hashes it covers. */
function signedByTheModel(
  live: Grant[],
  sent: string | Uint8Array,
  answer: Record<string, unknown> | undefined,
): string | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(Buffer.from(sent).toString('utf8')) as Record<string, unknown>;
  } catch {
    return `signed a body that is not JSON: ${JSON.stringify(answer).slice(0, 120)}`;
  }
  const grant = live.find((g) => g.sad === body.SAD);
  if (!grant || grant.credential.id !== body.credentialID || !Array.isArray(body.hashes))
    return `signed without a live SAD of that credential: ${JSON.stringify(body).slice(0, 160)}`;
  return checkSignatures(grant, body.hashes as string[], answer);
}

/** Every signature verifies with the credential's key over exactly its hash (PKCS#1 v1.5, DigestInfo SHA-256). */
function checkSignatures(
  grant: Grant,
  hashes: string[],
  answer: Record<string, unknown> | undefined,
): string | undefined {
  const signatures = answer?.signatures;
  if (!Array.isArray(signatures) || signatures.length !== hashes.length)
    return `signatures ${JSON.stringify(signatures)?.slice(0, 100)} for ${hashes.length} hashes`;
  for (const [i, s] of signatures.entries()) {
    if (!grant.hashes.includes(hashes[i]!)) return `signed ${hashes[i]}, which the SAD does not cover`;
    const recovered = publicDecrypt(
      { key: grant.credential.certificate.publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(String(s), 'base64'),
    );
    if (!recovered.equals(Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(hashes[i]!, 'base64')])))
      return `signature ${i} is not over hash ${i}`;
  }
  return undefined;
}

// ---------------------------------------------------------------- every endpoint

const HUGE = 'x'.repeat(200_000);
const hostileScalar = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    2 ** 53 + 1,
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '%00',
    '🙂'.repeat(500),
    'x'.repeat(5000),
    [],
    {},
    [[[]]],
    { $gt: '' },
    { __proto__: { polluted: true } },
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown),
);

function endpointRequests(
  live: Grant[],
  revoked: Grant,
  all: Credential[],
  token: string,
  minted: ReturnType<typeof mint>,
): FuzzRequest[] {
  const bad = badTokens(token, minted.expiredToken);
  const ids = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...all.map((c) => c.id)) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        all[0]!.id.toUpperCase(),
        `${all[0]!.id}/../${all[1]!.id}`,
        `${all[0]!.id}.json`,
        ' '.repeat(36),
        '-'.repeat(36),
        '0'.repeat(36),
        'f'.repeat(36),
      ),
    },
    { weight: 1, arbitrary: hostileScalar },
  );
  const known = live.flatMap((g) => g.hashes);
  const hashValue = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => b64(Buffer.from(b))) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '====',
        'AAAA',
        'A',
        `${known[0]!}=`,
        known[0]!.replace(/=$/, ''),
        `${known[0]!} `,
        known[0]!.replaceAll('+', '-'),
        b64(randomBytes(64)),
        b64(randomBytes(20)),
        '\u0000',
      ),
    },
    { weight: 1, arbitrary: hostileScalar },
  );
  const hashes = fc.oneof(
    { weight: 5, arbitrary: fc.array(hashValue, { minLength: 1, maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        [],
        Array.from({ length: 51 }, () => known[0]),
        Array.from({ length: 20_000 }, () => known[0]),
        known.join(','),
        { 0: known[0], length: 1 },
      ),
    },
    { weight: 1, arbitrary: hostileScalar },
  );
  const sad = fc.oneof(
    fc.constantFrom(
      ...live.map((g) => g.sad),
      revoked.sad,
      minted.expiredSad(live[0]!),
      `${live[0]!.sad}x`,
      live[0]!.sad.split('.')[0]!,
      HUGE.slice(0, 70_000),
    ),
    hostileScalar,
  );
  const code = fc.oneof(
    fc.stringMatching(/^\d{6}$/),
    fc.constantFrom('', '000000', '1234567', ' 123456', '12345\u0000', '１２３４５６', HUGE.slice(0, 20_000)),
    hostileScalar,
  );
  const authData = fc.oneof(
    fc.tuple(fc.constantFrom('OTP', 'TOTP'), code).map(([id, value]) => [{ id, value }]),
    fc.constantFrom<unknown>(
      [],
      [null],
      [{}],
      [{ id: 'OTP' }],
      [{ id: 'PIN', value: '1' }],
      [
        { id: 'OTP', value: '1' },
        { id: 'TOTP', value: '2' },
      ],
      [[{ id: 'OTP', value: '123456' }]],
      { id: 'OTP', value: '123456' },
    ),
    hostileScalar,
  );
  const flag = fc.oneof(fc.constantFrom<unknown>(true, false, 'true', 'false', 'yes', 1, 0), hostileScalar);
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
  const fields: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    'credentials/list': {
      userID: fc.oneof(fc.constantFrom(...all.map((c) => c.userId)), fc.string({ maxLength: 250 }), hostileScalar),
      credentialInfo: flag,
      certificates: fc.oneof(fc.constantFrom('none', 'single', 'chain', 'all'), hostileScalar),
      certInfo: flag,
      authInfo: flag,
      onlyValid: flag,
      maxResults: hostileScalar,
    },
    'credentials/info': {
      credentialID: ids,
      certificates: fc.oneof(fc.constantFrom('none', 'single', 'chain'), hostileScalar),
      certInfo: flag,
      authInfo: flag,
      lang: hostileScalar,
    },
    'credentials/getChallenge': {
      credentialID: ids,
      authObjectID: fc.oneof(fc.constantFrom('OTP', 'TOTP'), hostileScalar),
      hashes,
      hashAlgorithmOID: fc.oneof(fc.constantFrom(OID.sha256, '1.3.14.3.2.26'), hostileScalar),
      description: fc.oneof(
        fc.string({ maxLength: 260 }),
        fc.constantFrom('Resolución\r\nBcc: x@y.z', '\u0000\u0007', '=?utf-8?q?x?=', HUGE.slice(0, 1000)),
        hostileScalar,
      ),
      clientData: hostileScalar,
    },
    'credentials/sendOTP': {
      credentialID: ids,
      hashes,
      hashAlgorithmOID: fc.oneof(fc.constant(OID.sha256), hostileScalar),
      description: fc.oneof(fc.string({ maxLength: 260 }), hostileScalar),
    },
    'credentials/authorize': {
      credentialID: ids,
      numSignatures: fc.oneof(
        fc.integer({ min: -2, max: 60 }),
        fc.constantFrom<unknown>(1.5, '1', 1e21, null, 2 ** 53 + 1),
      ),
      hashes,
      hashAlgorithmOID: fc.oneof(fc.constant(OID.sha256), hostileScalar),
      authData,
      OTP: code,
      PIN: hostileScalar,
      description: hostileScalar,
    },
    'signatures/signHash': {
      credentialID: ids,
      SAD: sad,
      hashes,
      hashAlgorithmOID: fc.oneof(fc.constant(OID.sha256), hostileScalar),
      signAlgo: fc.oneof(
        fc.constantFrom(OID.sha256WithRSA, OID.rsaEncryption, '1.2.840.10045.4.3.2', ''),
        hostileScalar,
      ),
      signAlgoParams: hostileScalar,
      operationMode: fc.oneof(fc.constantFrom('S', 'A'), hostileScalar),
      validity_period: hostileScalar,
      response_uri: hostileScalar,
    },
    'auth/login': { rememberMe: flag, clientData: hostileScalar },
    info: { lang: hostileScalar },
  };
  const adminFields: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    '/admin/credentials': {
      userID: fc.oneof(fc.string({ maxLength: 250 }), hostileScalar),
      fullName: fc.oneof(fc.string({ maxLength: 250 }), hostileScalar),
      organization: hostileScalar,
      cuit: fc.oneof(fc.stringMatching(/^\d{11}$/), hostileScalar),
      email: fc.oneof(fc.emailAddress(), hostileScalar),
    },
    '/admin/credentials/revoke': {
      credentialID: fc.oneof(fc.uuid().map(String), hostileScalar),
      userID: fc.oneof(fc.string({ maxLength: 250 }), hostileScalar),
    },
  };

  /** A body built of the endpoint's fields (each valid-ish, hostile or left out) and stray ones, or raw hostile bytes. */
  const bodyFor = (pool: Record<string, fc.Arbitrary<unknown>>) => {
    const record = fc.record(
      Object.fromEntries(Object.entries(pool).map(([k, v]) => [k, optional(v)])) as Record<
        string,
        fc.Arbitrary<unknown>
      >,
    );
    const object = fc
      .tuple(record, fc.dictionary(fc.string({ maxLength: 12 }), hostileScalar, { maxKeys: 3 }))
      .map(([r, extra]) => {
        const o: Record<string, unknown> = { ...extra };
        for (const [k, v] of Object.entries(r)) if (v !== undefined) o[k] = v;
        return JSON.stringify(o);
      });
    const raw = fc.oneof(
      fc.constantFrom<string | Uint8Array>(
        '',
        '{',
        '{"credentialID":',
        '[1,2',
        'nul',
        '"\\ud800"',
        '{"a":1}{"b":2}',
        '\u0000',
        'null',
        '[]',
        '42',
        '"str"',
        'true',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        `{"credentialID":"${all[0]!.id}","credentialID":["x"]}`,
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`,
        `{"hashes":[${Array.from({ length: 30_000 }, () => '"AAAA"').join(',')}]}`,
        `{"pad":"${'x'.repeat(300 * 1024)}"}`,
        Buffer.from([0xff, 0xfe, 0x7b, 0x00]),
        Buffer.from('{"credentialID":"\xff\xfe"}', 'latin1'),
      ),
      fc.uint8Array({ maxLength: 300 }),
      fc.json({ maxDepth: 5 }),
    );
    return fc.oneof({ weight: 5, arbitrary: object }, { weight: 2, arbitrary: raw });
  };
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Record<string, string>>({ 'content-type': 'application/json' }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Record<string, string>>(
        {},
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
        { 'content-type': 'multipart/form-data; boundary=b' },
        { 'content-type': 'application/json; charset=utf-16' },
        { 'content-type': 'application/json; charset=klingon' },
        { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        { 'content-type': 'application/json', 'content-encoding': 'br' },
        { 'content-type': 'application/json', 'content-encoding': 'compress' },
        { 'content-type': 'application/json;;; charset="' },
      ),
    },
  );
  const bearer = fc.oneof(
    { weight: 5, arbitrary: fc.constant<string | undefined>(`Bearer ${token}`) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(undefined, ...bad.map((t) => `Bearer ${t}`)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        `bearer ${token}`,
        `Bearer  ${token}`,
        `Bearer ${token} x`,
        `Basic ${token}`,
        'Bearer',
        `Basic ${b64(Buffer.from(`${CLIENT.id}:${CLIENT.secret}`))}`,
        `Bearer ${ADMIN_TOKEN}`,
      ),
    },
  );
  const basic = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constant<string | undefined>(`Basic ${b64(Buffer.from(`${CLIENT.id}:${CLIENT.secret}`))}`),
    },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.constantFrom<string | undefined>(
          undefined,
          'Basic',
          'Basic !!!',
          `Basic ${b64(Buffer.from(CLIENT.id))}`,
          `Basic ${b64(Buffer.from(`${CLIENT.id}:wrong`))}`,
          `Basic ${b64(Buffer.from(':'))}`,
          `Basic ${b64(Buffer.from('\xff\xfe:\x00', 'latin1'))}`,
          `Basic ${b64(randomBytes(3000))}`,
          `Bearer ${token}`,
        ),
        fc
          .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }))
          .map(([u, p]) => `Basic ${b64(Buffer.from(`${u}:${p}`))}`),
      ),
    },
  );
  const adminBearer = fc.constantFrom<string | undefined>(
    undefined,
    'Bearer wrong',
    `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
    `Bearer ${ADMIN_TOKEN}x`,
    `Bearer ${token}`,
    `Basic ${b64(Buffer.from(`admin:${ADMIN_TOKEN}`))}`,
    ADMIN_TOKEN,
    `Bearer ${ADMIN_TOKEN.toUpperCase()}`,
  );

  const out: FuzzRequest[] = [];
  let n = 0;
  const build = (
    route: string,
    method: 'GET' | 'POST',
    auth: fc.Arbitrary<string | undefined>,
    pool: Record<string, fc.Arbitrary<unknown>>,
    runs: number,
    expect?: (authorization: string | undefined, body: string | Uint8Array) => FuzzRequest['expect'],
  ) => {
    const samples = fc.sample(fc.tuple(auth, contentType, bodyFor(pool)), { numRuns: runs, seed: SEED + n++ });
    for (const [authorization, type, body] of samples) {
      const headers: Record<string, string> = { ...type, ...(authorization !== undefined ? { authorization } : {}) };
      let payload: string | Uint8Array | undefined = method === 'GET' ? undefined : body;
      if (
        payload !== undefined &&
        headers['content-encoding'] === 'gzip' &&
        typeof payload === 'string' &&
        payload.length % 2 === 0
      )
        payload = gzipSync(payload);
      out.push({
        label: `${method} ${route} ${typeof body === 'string' ? body.slice(0, 80) : '<bytes>'}`,
        method,
        path: route,
        headers,
        body: payload,
        expect: expect?.(authorization, body),
      });
    }
  };
  const validService = `Bearer ${token}`;
  for (const [method, pool] of Object.entries(fields)) {
    const route = `/csc/v2/${method}`;
    if (method === 'info') {
      build(
        route,
        'POST',
        bearer,
        pool,
        RUNS,
        () => (status) => (status === 200 || status === 400 || status === 413 ? undefined : `info answered ${status}`),
      );
      build(
        route,
        'GET',
        bearer,
        pool,
        Math.ceil(RUNS / 4),
        () => (status) => (status === 200 ? undefined : `GET info answered ${status}`),
      );
    } else if (method === 'auth/login') {
      build(
        route,
        'POST',
        basic,
        pool,
        RUNS * 2,
        (authorization) => (status) =>
          status === 200 && authorization !== `Basic ${b64(Buffer.from(`${CLIENT.id}:${CLIENT.secret}`))}`
            ? `a token for ${authorization}`
            : undefined,
      );
    } else {
      build(route, 'POST', bearer, pool, RUNS * 3, (authorization, sent) => (status, answer) => {
        if (status < 300 && authorization !== validService)
          return `answered ${status} without a valid access token (${authorization?.slice(0, 40)})`;
        if (method === 'credentials/authorize' && status === 200)
          return `a SAD for a guessed code: ${JSON.stringify(answer).slice(0, 120)}`;
        if (method === 'signatures/signHash' && status === 200) return signedByTheModel(live, sent, answer);
        return undefined;
      });
    }
  }
  for (const [route, pool] of Object.entries(adminFields)) {
    build(
      route,
      'POST',
      adminBearer,
      pool,
      RUNS * 2,
      () => (status, answer) =>
        status === 401 && answer?.error === 'invalid_token' ? undefined : `admin answered ${status} to a wrong token`,
    );
  }
  // Unknown methods and paths, and the right methods with the wrong verbs.
  for (const route of [
    '/csc/v2/',
    '/csc/v2/credentials',
    '/csc/v2/credentials/delete',
    '/csc/v2/signatures/signDoc',
    '/csc/v2/../admin/credentials',
    '/csc/v1/info',
    '/admin',
    `/csc/v2/credentials/info/${'x'.repeat(3000)}`,
    '/csc/v2/%E0%A4%A',
    '/csc/v2/info%00',
  ]) {
    build(
      route,
      'POST',
      bearer,
      {},
      3,
      () => (status) => (status === 404 || status === 400 ? undefined : `unknown path answered ${status}`),
    );
  }
  // Interleaved, so every endpoint is hit while the others are.
  const random = prng(SEED);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------- sending and checking

async function send(
  url: string,
  r: FuzzRequest,
  tally: Tally,
): Promise<{ status: number; body: Record<string, unknown> | undefined } | undefined> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${url}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body,
      signal: AbortSignal.timeout(ANSWER_BOUND_MS * 2),
    });
    text = await res.text();
  } catch (err) {
    tally.record(
      r.label,
      (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name,
      performance.now() - started,
    );
    return undefined;
  }
  tally.record(r.label, res.status, performance.now() - started, text);
  const type = res.headers.get('content-type') ?? '';
  // Node's HTTP parser refuses some requests (a header over its limit) before the service sees them.
  if (!type.includes('json')) {
    if (!(res.status === 204 || [400, 413, 431].includes(res.status)))
      tally.fail(`${r.label}: ${res.status} without JSON`);
    return { status: res.status, body: undefined };
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    tally.fail(`${r.label}: ${res.status} with a body that is not JSON`);
    return undefined;
  }
  if (res.status >= 400) checkShape(tally, r.label, res.status, body);
  const problem = r.expect?.(res.status, body);
  if (problem) tally.fail(`${r.label}: ${problem}`);
  return { status: res.status, body };
}

/** CSC API v2 §10.2: `{error, error_description}`, both strings, nothing else (no stack, no path). */
function checkShape(tally: Tally, label: string, status: number, body: Record<string, unknown> | undefined): void {
  if (
    !body ||
    typeof body.error !== 'string' ||
    typeof body.error_description !== 'string' ||
    Object.keys(body).length !== 2
  ) {
    tally.fail(`${label}: ${status} not in the CSC error shape: ${JSON.stringify(body)?.slice(0, 160)}`);
  } else if (/at \w+ \(|node_modules|\/work\/|\.json/.test(body.error_description)) {
    tally.fail(`${label}: ${status} leaks internals: ${body.error_description.slice(0, 160)}`);
  }
}
