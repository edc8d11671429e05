/**
 * The development remote signing service: the Cloud Signature Consortium API v2 (2.0.0.2) over
 * the dev PKI, so the platform signs personally through the same client it would point at a
 * qualified provider. Under /csc/v2/: info, auth/login (HTTP Basic client credentials → bearer
 * access token), credentials/list, credentials/info, credentials/getChallenge (e-mails a
 * one-time code; credentials/sendOTP, its CSC 1.0.4 name, does the same), credentials/authorize
 * (a code → a SAD bound to the credential, the hashes and their number: SCAL2) and
 * signatures/signHash. Under /admin/ (bearer admin token, not CSC): enrolment and revocation,
 * which a real provider does out of band. Errors are CSC's `{error, error_description}`.
 *
 * userID is the platform's opaque name for a user (the client makes it `<tenant>:<user id>`).
 */
import { constants, privateEncrypt } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createLogger, type Logger } from '../../lib/log.js';
import { ensureDevPki } from '../dev-pki.js';
import { constantTimeEqual } from '../../lib/secrets.js';
import type { CscServiceConfig } from './config.js';
import { CscFailure, credentialDisabled, hashNotAuthorized, invalidRequest } from './errors.js';
import { CodeMailer } from './mail.js';
import { OtpBook } from './otp.js';
import { KeyBox, keysKey } from './sealed.js';
import { CredentialStore, type CredentialRecord } from './store.js';
import { TokenSigner, newJti, type AccessClaims, type SadClaims } from './tokens.js';

export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
} as const;

/** DER prefix of DigestInfo { sha256, NULL } before the 32-byte hash (RFC 8017 §9.2 note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

const METHODS = [
  'auth/login',
  'credentials/list',
  'credentials/info',
  'credentials/getChallenge',
  'credentials/sendOTP',
  'credentials/authorize',
  'signatures/signHash',
] as const;

/** Authentication object ids of credentials/info and credentials/authorize's authData. */
export const AUTH_OBJECT = { emailed: 'OTP', authenticator: 'TOTP' } as const;

export interface RunningCscService {
  url: string;
  close(): Promise<void>;
}

export interface CscServiceOptions {
  log?: Logger;
  /** The service's clock (tests move it to expire codes and SADs without waiting). */
  now?: () => number;
}

export async function startCscService(
  config: CscServiceConfig,
  options: CscServiceOptions = {},
): Promise<RunningCscService> {
  const log = options.log ?? createLogger(config.logLevel);
  const now = options.now ?? Date.now;
  // Normally the TSA process has made (and bound) the PKI already; alone, the service makes it.
  await ensureDevPki({ dir: config.pkiDir, tenants: [] });
  const key = await keysKey(config.keysKey, config.dataDir);
  const store = new CredentialStore(config.dataDir, config.pkiDir, new KeyBox(key));
  const otp = new OtpBook(config.dataDir, key, {
    ttlSeconds: config.otpTtlSeconds,
    maxAttempts: config.otpMaxAttempts,
  });
  await store.init();
  await otp.init();
  const tokens = new TokenSigner<AccessClaims>(key, 'access token');
  const sads = new TokenSigner<SadClaims>(key, 'SAD');
  const mailer = new CodeMailer(config.smtp);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  app.get('/health', (_req, res) => void res.json({ status: 'healthy', service: 'expediente-csc' }));
  const json = express.json({ limit: '256kb', type: () => true });

  /** Service authorisation: a bearer access token from auth/login. */
  const service = (req: Request, _res: Response, next: NextFunction) => {
    const token = bearer(req);
    const verified = token ? tokens.verify(token, now()) : undefined;
    if (!verified) return next(new CscFailure(401, 'invalid_token', 'The access token is not valid'));
    if (verified.expired) return next(new CscFailure(401, 'expired_token', 'The access token has expired'));
    next();
  };
  const admin = (req: Request, _res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token || !constantTimeEqual(token, config.adminToken))
      return next(new CscFailure(401, 'invalid_token', 'The admin token is not valid'));
    next();
  };
  const credential = async (body: Record<string, unknown>): Promise<CredentialRecord> => {
    const id = body.credentialID;
    if (typeof id !== 'string') throw invalidRequest('Missing (or invalid type) string parameter credentialID');
    const record = await store.get(id);
    if (!record) throw invalidRequest('Invalid parameter credentialID');
    return record;
  };
  const usable = (record: CredentialRecord) => {
    if (record.status === 'revoked') throw credentialDisabled('its certificate was revoked');
    if (now() >= record.facts.notAfter) throw invalidRequest('Signing certificate is expired');
  };

  const v2 = express.Router();
  const info = (req: Request, res: Response) => {
    res.json({
      specs: '2.0.0.2',
      name: 'expediente: firma remota de desarrollo',
      logo: `${req.protocol}://${req.get('host')}/logo.png`,
      region: 'AR',
      lang: 'es-AR',
      description: 'Development remote signing service on the expediente development PKI (not a trust service)',
      authType: ['basic'],
      methods: [...METHODS],
      signAlgorithms: { algos: [OID.sha256WithRSA, OID.rsaEncryption] },
      signature_formats: { formats: [], envelope_properties: [] },
      conformance_levels: [],
    });
  };
  v2.post('/info', json, info);
  v2.get('/info', info);

  v2.post('/auth/login', json, (req, res) => {
    const header = req.get('authorization') ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    if (!match) throw new CscFailure(401, 'invalid_request', 'Malformed authentication parameter');
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidRequest('Malformed username-password');
    const [user, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    // Both compared, whatever the first gives, so timing tells nothing.
    const good = [constantTimeEqual(user, config.clientId), constantTimeEqual(password, config.clientSecret)].every(
      Boolean,
    );
    if (!good) throw new CscFailure(400, 'authentication_error', 'An error occurred during authentication process');
    const expiresIn = config.tokenTtlSeconds;
    res.json({ access_token: tokens.sign({ sub: user, exp: now() + expiresIn * 1000 }), expires_in: expiresIn });
  });

  v2.post('/credentials/list', json, service, async (req, res) => {
    const body = object(req.body);
    const userId = body.userID;
    if (typeof userId !== 'string' || !USER_ID.test(userId)) throw invalidRequest('Invalid parameter userID');
    const detail = infoOptions(body);
    const onlyValid = optionalBoolean(body, 'onlyValid') ?? false;
    const records = (await store.listFor(userId)).filter((r) => !onlyValid || store.usable(r, now()));
    res.json({
      credentialIDs: records.map((r) => r.credentialId),
      ...(optionalBoolean(body, 'credentialInfo')
        ? {
            credentialInfos: records.map((r) => ({
              credentialID: r.credentialId,
              ...describe(r, detail, now(), config.multisign),
            })),
          }
        : {}),
      ...(onlyValid ? { onlyValid: true } : {}),
    });
  });

  v2.post('/credentials/info', json, service, async (req, res) => {
    const body = object(req.body);
    const record = await credential(body);
    res.json(describe(record, infoOptions(body), now(), config.multisign));
  });

  /** Online OTP: e-mails a code. Vendor extension: `hashes` (+ hashAlgorithmOID) bind it, `description` is shown. */
  const sendCode = async (req: Request, res: Response) => {
    const body = object(req.body);
    const record = await credential(body);
    if (req.path.endsWith('getChallenge') && body.authObjectID !== AUTH_OBJECT.emailed) {
      throw invalidRequest(
        `Invalid parameter authObjectID: "${AUTH_OBJECT.emailed}" is sent out of band; "${AUTH_OBJECT.authenticator}" needs no challenge`,
      );
    }
    usable(record);
    const hashes = body.hashes === undefined ? undefined : hashList(body, 'hashes', config.multisign);
    if (hashes) sha256Only(body);
    const description = optionalText(body, 'description', 200);
    const issued = await otp.issue(
      record.credentialId,
      hashes?.map((h) => h.toString('base64')),
      now(),
    );
    try {
      await mailer.send({
        to: record.email,
        fullName: record.fullName,
        code: issued.code,
        ttlSeconds: config.otpTtlSeconds,
        description,
        hashes,
      });
    } catch (err) {
      log.error('one-time code not sent', { credential: record.credentialId, err });
      throw new CscFailure(503, 'temporarily_unavailable', 'The one-time code could not be sent; try again');
    }
    log.info('one-time code sent', { credential: record.credentialId, hashes: hashes?.length ?? 0 });
    res.status(204).end();
  };
  v2.post('/credentials/getChallenge', json, service, sendCode);
  v2.post('/credentials/sendOTP', json, service, sendCode);

  v2.post('/credentials/authorize', json, service, async (req, res) => {
    const body = object(req.body);
    const record = await credential(body);
    usable(record);
    const numSignatures = body.numSignatures;
    if (typeof numSignatures !== 'number' || !Number.isInteger(numSignatures))
      throw invalidRequest('Missing (or invalid type) integer parameter numSignatures');
    if (numSignatures < 1) throw invalidRequest('Invalid value for parameter numSignatures');
    if (numSignatures > config.multisign) throw invalidRequest('Numbers of signatures is too high');
    // SCAL2: the SAD covers exactly these hashes.
    const hashes = hashList(body, 'hashes', config.multisign).map((h) => h.toString('base64'));
    sha256Only(body);
    if (hashes.length !== numSignatures) throw invalidRequest('numSignatures must equal the number of hashes');
    const { method, value } = authData(body);
    if (method === 'authenticator') await otp.redeemTotp(record.credentialId, store.totpSecret(record), value, now());
    else await otp.redeemEmailed(record.credentialId, value, hashes, now());
    const expiresIn = config.sadTtlSeconds;
    const sad = sads.sign({
      cid: record.credentialId,
      hashes,
      numSignatures,
      exp: now() + expiresIn * 1000,
      jti: newJti(),
    });
    log.info('signature authorised', { credential: record.credentialId, method, signatures: numSignatures });
    res.json({ SAD: sad, expiresIn });
  });

  v2.post('/signatures/signHash', json, service, async (req, res) => {
    const body = object(req.body);
    const record = await credential(body);
    if (body.operationMode !== undefined && body.operationMode !== 'S')
      throw invalidRequest('Invalid parameter operationMode');
    if (typeof body.signAlgo !== 'string') throw invalidRequest('Missing (or invalid type) string parameter signAlgo');
    if (body.signAlgo !== OID.sha256WithRSA && body.signAlgo !== OID.rsaEncryption)
      throw invalidRequest('Invalid parameter signAlgo');
    if (body.signAlgo === OID.rsaEncryption && body.hashAlgorithmOID === undefined)
      throw invalidRequest('Missing (or invalid type) string parameter hashAlgorithmOID');
    sha256Only(body);
    const hashes = hashList(body, 'hashes', config.multisign);
    if (typeof body.SAD !== 'string') throw invalidRequest('Missing (or invalid type) string parameter SAD');
    const sad = sads.verify(body.SAD, now());
    if (!sad || sad.claims.cid !== record.credentialId) throw invalidRequest('Invalid parameter SAD');
    if (sad.expired) throw invalidRequest('SAD expired');
    usable(record);
    // Never a hash the SAD does not cover. The same SAD and hashes again (a retried request)
    // give the same signatures: RSA PKCS#1 v1.5 is deterministic, so nothing new is signed.
    const covered = new Set(sad.claims.hashes);
    if (!hashes.every((h) => covered.has(h.toString('base64')))) throw hashNotAuthorized();
    const privateKey = store.privateKey(record);
    // RSASSA-PKCS1-v1_5 over DigestInfo(SHA-256, hash): what crypto.sign('sha256', data) gives for hash = SHA-256(data).
    const signatures = hashes.map((h) =>
      privateEncrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO, h]),
      ).toString('base64'),
    );
    log.info('hashes signed', { credential: record.credentialId, signatures: signatures.length });
    res.json({ signatures });
  });

  app.use('/csc/v2', v2);

  app.post('/admin/credentials', admin, json, async (req, res) => {
    const body = object(req.body);
    const userId = body.userID;
    if (typeof userId !== 'string' || !USER_ID.test(userId)) throw invalidRequest('Invalid parameter userID');
    const fullName = requiredText(body, 'fullName', 200);
    const organization = requiredText(body, 'organization', 200);
    const cuit = body.cuit === null || body.cuit === undefined ? null : body.cuit;
    if (cuit !== null && (typeof cuit !== 'string' || !/^\d{11}$/.test(cuit)))
      throw invalidRequest('Invalid parameter cuit: 11 digits or null');
    const email = body.email;
    if (typeof email !== 'string' || email.length > 254 || !MAILBOX.test(email))
      throw invalidRequest('Invalid parameter email');
    const enrolled = await store.enrol({ userId, fullName, organization, cuit, email }, now());
    if (enrolled.created)
      log.info('credential issued', {
        credential: enrolled.record.credentialId,
        serial: enrolled.record.facts.serialNumber,
      });
    res.status(enrolled.created ? 201 : 200).json({
      credentialID: enrolled.record.credentialId,
      created: enrolled.created,
      ...(enrolled.otpauthUri ? { otpauthUri: enrolled.otpauthUri } : {}),
    });
  });

  app.post('/admin/credentials/revoke', admin, json, async (req, res) => {
    const body = object(req.body);
    let revoked: string[];
    if (typeof body.credentialID === 'string') {
      const record = await credential(body);
      revoked = await store.revoke({ credentialId: record.credentialId }, now());
    } else if (typeof body.userID === 'string' && USER_ID.test(body.userID)) {
      revoked = await store.revoke({ userId: body.userID }, now());
    } else {
      throw invalidRequest('Give credentialID or userID');
    }
    for (const id of revoked) await otp.forget(id);
    if (revoked.length) log.info('credentials revoked', { credentials: revoked.join(',') });
    res.json({ revoked });
  });

  app.use((_req: Request, _res: Response, next: NextFunction) =>
    next(new CscFailure(404, 'invalid_request', 'No such method')),
  );
  app.use((err: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    let failure: CscFailure;
    if (err instanceof CscFailure) failure = err;
    else if (err.type === 'entity.too.large') failure = new CscFailure(413, 'invalid_request', 'Request too large');
    else if (typeof err.status === 'number' && err.status >= 400 && err.status < 500)
      failure = invalidRequest('Malformed JSON body');
    else {
      log.error('request failed', { path: req.path, err: err.stack ?? String(err) });
      failure = new CscFailure(500, 'server_error', 'Internal error');
    }
    if (failure.status === 401) res.set('www-authenticate', `Bearer error="${failure.error}"`);
    if (failure.status < 500)
      log.info('request refused', { path: req.path, error: failure.error, description: failure.description });
    res.status(failure.status).json(failure.body());
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 30_000;
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  log.info('remote signing service (CSC API v2) listening', { url, data: config.dataDir, pki: config.pkiDir });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        mailer.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * An address the one-time codes can be sent to: RFC 5321's Mailbox with a dot-atom local part and
 * a host name (letters may be non-ASCII). Anything looser is accepted here but refused by the mail
 * server at every code request (a 503 for ever), or split into two recipients (`a,b@c.d`).
 */
const ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const MAILBOX = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'u');

/** Opaque user names: `<tenant>:<uuid>` from the platform, or any short token-like string. */
const USER_ID = /^[A-Za-z0-9_.:@-]{1,200}$/;

function bearer(req: Request): string | undefined {
  const match = /^Bearer (\S+)$/i.exec((req.get('authorization') ?? '').trim());
  return match?.[1];
}

function object(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidRequest('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  // Strings "true"/"false" too: CSC 1.0.4 clients send them so.
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw invalidRequest(`Invalid parameter ${name}`);
}

function optionalText(body: Record<string, unknown>, name: string, max: number): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > max) throw invalidRequest(`Invalid parameter ${name}`);
  // One line, no control characters (it goes into an e-mail subject).
  const clean = v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean || undefined;
}

function requiredText(body: Record<string, unknown>, name: string, max: number): string {
  const v = optionalText(body, name, max);
  if (!v) throw invalidRequest(`Missing (or invalid type) string parameter ${name}`);
  return v;
}

function hashList(body: Record<string, unknown>, name: string, max: number): Buffer[] {
  const v = body[name];
  if (!Array.isArray(v)) throw invalidRequest(`Missing (or invalid type) array parameter ${name}`);
  if (v.length === 0) throw invalidRequest('Empty hash array');
  if (v.length > max) throw invalidRequest('Numbers of signatures is too high');
  return v.map((h) => {
    if (typeof h !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(h))
      throw invalidRequest('Invalid Base64 hash string parameter');
    const bytes = Buffer.from(h, 'base64');
    if (bytes.length !== 32) throw invalidRequest('Invalid digest value length');
    return bytes;
  });
}

function sha256Only(body: Record<string, unknown>): void {
  const oid = body.hashAlgorithmOID;
  if (oid === undefined) return;
  if (typeof oid !== 'string') throw invalidRequest('Missing (or invalid type) string parameter hashAlgorithmOID');
  if (oid !== OID.sha256) throw invalidRequest('Invalid parameter hashAlgorithmOID');
}

/** The code: CSC 2.0.0.2 `authData: [{id, value}]`, or the `OTP` string of CSC 1.0.4 and 2.0.0.0 (an e-mailed code). */
function authData(body: Record<string, unknown>): { method: 'emailed' | 'authenticator'; value: string } {
  if (Array.isArray(body.authData)) {
    const [entry, ...rest] = body.authData as unknown[];
    if (!entry || rest.length || typeof entry !== 'object')
      throw new CscFailure(
        400,
        'invalid_authentication_data',
        'The authentication data is invalid: one authentication object expected',
      );
    const { id, value } = entry as { id?: unknown; value?: unknown };
    if (typeof value !== 'string')
      throw new CscFailure(400, 'invalid_authentication_data', 'The authentication data is invalid: value missing');
    if (id === AUTH_OBJECT.emailed) return { method: 'emailed', value };
    if (id === AUTH_OBJECT.authenticator) return { method: 'authenticator', value };
    throw new CscFailure(
      400,
      'invalid_authentication_data',
      `The authentication data is invalid: unknown authentication object "${String(id)}"`,
    );
  }
  if (typeof body.OTP === 'string') return { method: 'emailed', value: body.OTP };
  throw new CscFailure(400, 'invalid_authentication_data', 'The authentication data is invalid: authData missing');
}

interface InfoOptions {
  certificates: 'none' | 'single' | 'chain';
  certInfo: boolean;
  authInfo: boolean;
}

function infoOptions(body: Record<string, unknown>): InfoOptions {
  const certificates = body.certificates ?? 'single';
  if (certificates !== 'none' && certificates !== 'single' && certificates !== 'chain')
    throw invalidRequest('Invalid parameter certificates');
  return {
    certificates,
    certInfo: optionalBoolean(body, 'certInfo') ?? false,
    authInfo: optionalBoolean(body, 'authInfo') ?? false,
  };
}

/**
 * A credential as credentials/info describes it (2.0.0.2 field names). `authMode` and `OTP`
 * repeat the authorisation in the shape of CSC 1.0.4 and 2.0.0.0, which many providers and
 * clients still use.
 */
function describe(
  record: CredentialRecord,
  options: InfoOptions,
  nowMs: number,
  multisign: number,
): Record<string, unknown> {
  const active = record.status === 'active';
  const certStatus = !active ? 'revoked' : nowMs >= record.facts.notAfter ? 'expired' : 'valid';
  const certificates =
    options.certificates === 'none'
      ? []
      : options.certificates === 'single'
        ? record.certificates.slice(0, 1)
        : record.certificates;
  const emailed = {
    type: 'ChallengeResponseOOB',
    id: AUTH_OBJECT.emailed,
    label: 'Código por correo',
    description: 'Código de 6 dígitos enviado por correo electrónico (credentials/getChallenge)',
  };
  const authenticator = {
    type: 'Password',
    id: AUTH_OBJECT.authenticator,
    format: 'N',
    generator: 'totp',
    label: 'Código de la app',
    description: 'Código de 6 dígitos de la aplicación de autenticación',
  };
  return {
    description: `Firma personal de ${record.fullName}`,
    key: { status: active ? 'enabled' : 'disabled', algo: [OID.sha256WithRSA, OID.rsaEncryption], len: 2048 },
    cert: {
      status: certStatus,
      ...(options.certificates === 'none' ? {} : { certificates }),
      ...(options.certInfo
        ? {
            issuerDN: record.facts.issuerDN,
            serialNumber: record.facts.serialNumber,
            subjectDN: record.facts.subjectDN,
            validFrom: record.facts.validFrom,
            validTo: record.facts.validTo,
          }
        : {}),
    },
    auth: {
      mode: 'explicit',
      expression: `${AUTH_OBJECT.emailed} OR ${AUTH_OBJECT.authenticator}`,
      ...(options.authInfo ? { objects: [emailed, authenticator] } : {}),
    },
    authMode: 'explicit',
    OTP: { presence: 'true', type: 'online', format: 'N', label: emailed.label, description: emailed.description },
    SCAL: '2',
    multisign,
    lang: 'es-AR',
  };
}
