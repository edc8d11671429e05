/**
 * The platform's client of a remote signing service speaking the Cloud Signature Consortium API
 * v2: our development service (signer/csc/) or a qualified provider, by configuration (CSC_URL).
 * Service authorisation is auth/login with HTTP Basic client credentials; the access token is
 * kept until shortly before it expires and fetched again once when the service says it is no
 * longer valid. The development service's enrolment and revocation (not CSC: a real provider
 * enrols out of band) are here too, usable when CSC_ENROLMENT_URL and CSC_ADMIN_TOKEN are set.
 *
 * Errors: the service refusing (any 4xx) is a `CscError` with a `kind` the caller can act on
 * (a wrong code, an expired code, a revoked credential...); a transport failure, a timeout or a
 * 5xx is a plain Error, which a Temporal activity retries.
 */
import type { CscConfig } from '../../config/index.js';

export type { CscConfig };

export const CSC_OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
} as const;

export interface CscInfo {
  specs: string;
  name: string;
  region: string;
  lang: string;
  authType: string[];
  methods: string[];
  signAlgorithms: string[];
}

export type CscCertificateStatus = 'valid' | 'expired' | 'revoked' | 'suspended';

export interface CscCredential {
  credentialId: string;
  /** The certificate's status as the service reports it. */
  status: CscCertificateStatus;
  keyStatus: 'enabled' | 'disabled';
  /** DER, the signer's certificate first, then its issuers. */
  certificates: Buffer[];
  subjectDN: string;
  issuerDN: string;
  /** Upper-case hex. */
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  /** How the signer authorises: 'online' a code the service sends (requestCode), 'offline' an authenticator app's. */
  otpType: 'online' | 'offline';
  /** Signatures one authorisation may cover. */
  multisign: number;
  /** '2': each authorisation is bound to the hashes signed. */
  scal: string;
}

/** How the signer proves the authorisation: an e-mailed code (requestCode first) or an authenticator's TOTP. */
export type CscOtpMethod = 'otp-email' | 'totp';

export type CscErrorKind =
  /** The code is not the one sent (tries may be left). */
  | 'wrong_code'
  /** The code expired, was used, or died after too many wrong tries: request a new one. */
  | 'expired_code'
  /** No code was requested (or it is gone): request one. */
  | 'no_code'
  /** A code or SAD was used for hashes it was not issued for. */
  | 'hash_not_authorised'
  /** The SAD is unknown to the service or expired: authorise again. */
  | 'sad_invalid'
  /** The credential's certificate is revoked, its key disabled or its certificate expired. */
  | 'revoked'
  /** No such credential. */
  | 'unknown_credential'
  /** Too many wrong authenticator codes: wait, or use another method. */
  | 'locked'
  /** The client credentials or admin token were refused. */
  | 'unauthorised'
  /** CSC_URL (or, for enrolment, CSC_ENROLMENT_URL and CSC_ADMIN_TOKEN) not configured. */
  | 'not_configured'
  | 'invalid_request';

export class CscError extends Error {
  readonly kind: CscErrorKind;

  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`remote signing service refused (${status} ${error}): ${description}`);
    this.name = 'CscError';
    this.kind = classify(status, error, description);
  }
}

/** The CSC error and its description as a kind (the spec's wording where it has one, else this service's codes). */
function classify(status: number, error: string, description: string): CscErrorKind {
  if (status === 0) return 'not_configured';
  if (error === 'invalid_otp') return 'wrong_code';
  if (error === 'expired_otp')
    return /no one-time code is pending/i.test(description)
      ? 'no_code'
      : /too many wrong/i.test(description)
        ? 'locked'
        : 'expired_code';
  if (error === 'invalid_hash' || /not authori[sz]ed by the SAD/i.test(description)) return 'hash_not_authorised';
  if (
    status === 401 ||
    ['invalid_token', 'expired_token', 'authentication_error', 'unauthorized_client', 'access_denied'].includes(error)
  )
    return 'unauthorised';
  if (/disabled|revoked|certificate is expired|credential locked/i.test(description))
    return /locked/i.test(description) ? 'locked' : 'revoked';
  if (/invalid parameter credentialID/i.test(description)) return 'unknown_credential';
  if (/\bSAD\b/.test(description)) return 'sad_invalid';
  return 'invalid_request';
}

export interface CscEnrolment {
  /** The platform's name for the user at the service (its userID). */
  userId: string;
  fullName: string;
  /** 11 digits, or null (the certificate then has no serialNumber). */
  cuit: string | null;
  /** The municipality, the certificate's O. */
  organization: string;
  /** Where the one-time codes go. */
  email: string;
}

type Json = Record<string, unknown>;

export class CscClient {
  private token: { value: string; until: number } | undefined;
  private login: Promise<string> | undefined;
  private methods: Promise<string[]> | undefined;

  constructor(private readonly config: CscConfig) {}

  /** Whether a remote signing service is configured at all. */
  get configured(): boolean {
    return this.config.url !== undefined;
  }

  /** Whether this client may enrol and revoke (the development provider). */
  get canEnrol(): boolean {
    return this.config.enrolmentUrl !== undefined && this.config.adminToken !== undefined;
  }

  async info(): Promise<CscInfo> {
    const body = await this.post('info', {}, false);
    return {
      specs: str(body.specs),
      name: str(body.name),
      region: str(body.region),
      lang: str(body.lang),
      authType: strings(body.authType),
      methods: strings(body.methods),
      signAlgorithms: strings((body.signAlgorithms as Json | undefined)?.algos),
    };
  }

  /** The user's credential ids, newest first (by default only those that can sign). */
  async listCredentials(userId: string, options: { onlyValid?: boolean } = {}): Promise<string[]> {
    const body = await this.post('credentials/list', {
      userID: userId,
      ...(options.onlyValid === false ? {} : { onlyValid: true }),
    });
    return strings(body.credentialIDs);
  }

  async credentialInfo(credentialId: string): Promise<CscCredential> {
    const body = await this.post('credentials/info', {
      credentialID: credentialId,
      certificates: 'chain',
      certInfo: true,
      authInfo: true,
    });
    const cert = (body.cert ?? {}) as Json;
    const key = (body.key ?? {}) as Json;
    return {
      credentialId,
      status: (['valid', 'expired', 'revoked', 'suspended'].includes(cert.status as string)
        ? cert.status
        : key.status === 'disabled'
          ? 'revoked'
          : 'valid') as CscCertificateStatus,
      keyStatus: key.status === 'disabled' ? 'disabled' : 'enabled',
      certificates: strings(cert.certificates).map((c) => Buffer.from(c, 'base64')),
      subjectDN: str(cert.subjectDN),
      issuerDN: str(cert.issuerDN),
      serialNumber: str(cert.serialNumber).toUpperCase(),
      validFrom: generalizedTime(str(cert.validFrom)),
      validTo: generalizedTime(str(cert.validTo)),
      otpType: otpType(body),
      multisign: typeof body.multisign === 'number' ? body.multisign : 1,
      scal: typeof body.SCAL === 'string' ? body.SCAL : '1',
    };
  }

  /**
   * Has the service send the signer a one-time code (CSC 2.0.0.2 credentials/getChallenge, or
   * credentials/sendOTP on a service of the older specs). `hashes` and `description` are a
   * vendor extension of the development service: the code then authorises only those hashes,
   * and the e-mail says what is signed. Other services ignore them.
   */
  async requestCode(credentialId: string, options: { hashes: Buffer[]; description?: string }): Promise<void> {
    const extension = {
      hashes: options.hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID: CSC_OID.sha256,
      ...(options.description ? { description: options.description.slice(0, 200) } : {}),
    };
    const methods = await this.supportedMethods();
    if (!methods.includes('credentials/getChallenge') && methods.includes('credentials/sendOTP')) {
      await this.post('credentials/sendOTP', { credentialID: credentialId, ...extension });
      return;
    }
    await this.post('credentials/getChallenge', { credentialID: credentialId, authObjectID: 'OTP', ...extension });
  }

  /** Exchanges the signer's code for a SAD bound to exactly these hashes (one signature each). */
  async authorize(
    credentialId: string,
    options: { hashes: Buffer[]; otp: string; method?: CscOtpMethod },
  ): Promise<{ sad: string; expiresIn: number }> {
    const body = await this.post('credentials/authorize', {
      credentialID: credentialId,
      numSignatures: options.hashes.length,
      hashes: options.hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID: CSC_OID.sha256,
      authData: [{ id: options.method === 'totp' ? 'TOTP' : 'OTP', value: options.otp }],
    });
    if (typeof body.SAD !== 'string')
      throw new Error('remote signing service: credentials/authorize answered without a SAD');
    return { sad: body.SAD, expiresIn: typeof body.expiresIn === 'number' ? body.expiresIn : 3600 };
  }

  /**
   * Raw RSASSA-PKCS1-v1_5 signatures of SHA-256 hashes, in their order. Retrying with the same
   * SAD and hashes is safe: the same signatures come back.
   */
  async signHash(credentialId: string, options: { sad: string; hashes: Buffer[] }): Promise<Buffer[]> {
    const body = await this.post('signatures/signHash', {
      credentialID: credentialId,
      SAD: options.sad,
      hashes: options.hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID: CSC_OID.sha256,
      signAlgo: CSC_OID.rsaEncryption,
    });
    const signatures = strings(body.signatures);
    if (signatures.length !== options.hashes.length)
      throw new Error(`remote signing service: ${signatures.length} signatures for ${options.hashes.length} hashes`);
    return signatures.map((s) => Buffer.from(s, 'base64'));
  }

  /** Development provider: the user's usable credential, issued now if there is none (idempotent). */
  async enrol(user: CscEnrolment): Promise<{ credentialId: string; created: boolean; otpauthUri?: string }> {
    const body = await this.admin('admin/credentials', {
      userID: user.userId,
      fullName: user.fullName,
      cuit: user.cuit,
      organization: user.organization,
      email: user.email,
    });
    return {
      credentialId: str(body.credentialID),
      created: body.created === true,
      ...(typeof body.otpauthUri === 'string' ? { otpauthUri: body.otpauthUri } : {}),
    };
  }

  /** Development provider: revokes a credential, or every credential of a user; the ids revoked. */
  async revoke(options: { credentialId?: string; userId?: string }): Promise<string[]> {
    if (!options.credentialId && !options.userId) throw new Error('revoke: give credentialId or userId');
    const body = await this.admin(
      'admin/credentials/revoke',
      options.credentialId ? { credentialID: options.credentialId } : { userID: options.userId },
    );
    return strings(body.revoked);
  }

  private async supportedMethods(): Promise<string[]> {
    this.methods ??= this.info().then(
      (i) => i.methods,
      (err: unknown) => {
        this.methods = undefined;
        throw err;
      },
    );
    return this.methods;
  }

  private async post(method: string, payload: Json, authorised = true): Promise<Json> {
    const base = this.config.url;
    if (!base) throw new CscError(0, 'not_configured', 'no remote signing service is configured (CSC_URL)');
    const url = `${base.replace(/\/+$/, '')}/csc/v2/${method}`;
    if (!authorised) return this.request(url, payload, undefined);
    const token = await this.accessToken();
    try {
      return await this.request(url, payload, token);
    } catch (err) {
      // A token the service no longer accepts (it restarted with other keys, or it expired early): once more with a new one.
      if (!(err instanceof CscError) || err.status !== 401) throw err;
      if (this.token?.value === token) this.token = undefined;
      return this.request(url, payload, await this.accessToken());
    }
  }

  private async admin(pathname: string, payload: Json): Promise<Json> {
    const { enrolmentUrl, adminToken } = this.config;
    if (!enrolmentUrl || !adminToken)
      throw new CscError(
        0,
        'not_configured',
        'enrolment is not available: CSC_ENROLMENT_URL and CSC_ADMIN_TOKEN are for the development provider',
      );
    return this.request(`${enrolmentUrl.replace(/\/+$/, '')}/${pathname}`, payload, adminToken);
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.until) return this.token.value;
    this.login ??= (async () => {
      try {
        const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`, 'utf8').toString('base64');
        const body = await this.request(
          `${this.config.url!.replace(/\/+$/, '')}/csc/v2/auth/login`,
          {},
          undefined,
          `Basic ${basic}`,
        );
        if (typeof body.access_token !== 'string')
          throw new Error('remote signing service: auth/login answered without an access_token');
        const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
        // Renewed a little early, so a token never expires between here and the service.
        this.token = { value: body.access_token, until: Date.now() + Math.max(0, seconds - 30) * 1000 };
        return body.access_token;
      } finally {
        this.login = undefined;
      }
    })();
    return this.login;
  }

  private async request(
    url: string,
    payload: Json,
    bearer: string | undefined,
    authorization = bearer && `Bearer ${bearer}`,
  ): Promise<Json> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      const reason =
        (err as Error).name === 'TimeoutError'
          ? `no answer within ${this.config.timeoutMs} ms`
          : ((err as Error & { cause?: Error }).cause?.message ?? (err as Error).message);
      throw new Error(`remote signing service unreachable at ${new URL(url).origin}: ${reason}`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    if (res.status >= 400 && res.status < 500) {
      const b = (body ?? {}) as Json;
      throw new CscError(
        res.status,
        typeof b.error === 'string' ? b.error : `http_${res.status}`,
        typeof b.error_description === 'string' ? b.error_description : text.slice(0, 200),
      );
    }
    if (!res.ok) throw new Error(`remote signing service answered ${res.status} to ${new URL(url).pathname}`);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new Error(
        `remote signing service answered ${new URL(url).pathname} with something other than a JSON object`,
      );
    return body as Json;
  }
}

/** 'offline' when the credential is authorised only with an authenticator app's codes. */
function otpType(body: Json): 'online' | 'offline' {
  const legacy = body.OTP as Json | undefined;
  if (legacy && (legacy.type === 'online' || legacy.type === 'offline')) return legacy.type;
  const objects = ((body.auth as Json | undefined)?.objects ?? []) as Json[];
  const outOfBand =
    Array.isArray(objects) &&
    objects.some(
      (o) =>
        o.type === 'ChallengeResponseOOB' ||
        o.type === 'PasswordOOB' ||
        (o.type === 'ChallengeResponse' && o.generator === undefined),
    );
  return outOfBand || !Array.isArray(objects) || objects.length === 0 ? 'online' : 'offline';
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** YYYYMMDDHHmmssZ → Date (an invalid date when absent). */
function generalizedTime(v: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : new Date(Number.NaN);
}
