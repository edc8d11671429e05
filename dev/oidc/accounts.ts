/**
 * The provider's own user directory (not the platform's tenant tables): password accounts of the
 * database connection and social accounts, plus password-change tickets. Everything is held in
 * memory and persisted to one JSON file under the provider's data folder after every change.
 *
 * Ids follow Auth0's shapes: `auth0|<24 hex>` for the database connection, `<provider>|<id>` for
 * social connections (e.g. `google-oauth2|1098…`). Emails are stored lowercased, so lookups by
 * email are case-insensitive.
 */
import {
  createHash,
  randomBytes,
  randomInt,
  scrypt as scryptCb,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { JsonFile } from './json-file.js';

export const DATABASE_CONNECTION = 'Username-Password-Authentication';
/** Auth0's default password-change ticket lifetime when `ttl_sec` is absent or 0. */
export const DEFAULT_TICKET_TTL_SEC = 432_000;

export interface StoredUser {
  user_id: string;
  /** `auth0` for the database connection, else the social provider (`google-oauth2`, `github`, …). */
  provider: string;
  connection: string;
  is_social: boolean;
  email: string;
  email_verified: boolean;
  password_hash?: string;
  name: string;
  nickname: string;
  given_name?: string;
  family_name?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  last_login?: string;
  last_password_reset?: string;
  logins_count: number;
}

export interface StoredTicket {
  /** sha256 of the ticket secret: the file never holds a usable link. */
  hash: string;
  user_id: string;
  client_id?: string;
  result_url?: string;
  mark_email_as_verified: boolean;
  created_at: number;
  expires_at: number;
  used_at?: number;
}

interface DirectoryFile {
  users: StoredUser[];
  tickets: StoredTicket[];
}

export interface NewUser {
  email: string;
  connection: string;
  password?: string;
  email_verified?: boolean;
  name?: string;
  nickname?: string;
  given_name?: string;
  family_name?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  /** The id part after `<provider>|`; generated when absent. */
  id?: string;
}

export class UserExistsError extends Error {
  constructor(email: string, connection: string) {
    super(`a user with email ${email} already exists in connection ${connection}`);
    this.name = 'UserExistsError';
  }
}

export type TicketState =
  | { state: 'valid'; ticket: StoredTicket; user: StoredUser }
  | { state: 'unknown' }
  | { state: 'expired'; ticket: StoredTicket }
  | { state: 'used'; ticket: StoredTicket };

export type LoginResult =
  | { ok: true; user: StoredUser }
  | { ok: false; reason: 'invalid' | 'social'; socialProviders?: string[] };

// scrypt cost: N=2^14, r=8 (16 MiB, tens of milliseconds). The parameters are stored with each
// hash, so they can be raised later without invalidating existing accounts.
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

// Computed once so a login for an unknown email costs the same as one for a known email.
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

/**
 * Auth0's "fair" password policy (the default for new tenants): at least 8 characters with
 * lower case, upper case and digits. 72 bytes is the upper bound Auth0 accepts.
 */
export function passwordPolicyProblem(password: string): string | undefined {
  if (Buffer.byteLength(password, 'utf8') > 72) return 'Password is too long (at most 72 bytes)';
  if (password.length < 8 || !/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    return 'Password is too weak: use at least 8 characters with lower case, upper case and digits';
  }
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 254 && EMAIL.test(value);

const ticketHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newId(provider: string): string {
  // Database ids look like Mongo ObjectIds; social ids like the numeric subjects Google issues.
  if (provider === 'auth0') return randomBytes(12).toString('hex');
  let digits = String(randomInt(1, 10));
  while (digits.length < 21) digits += String(randomInt(0, 10));
  return digits;
}

export class AccountStore {
  private users = new Map<string, StoredUser>();
  private tickets = new Map<string, StoredTicket>();
  private readonly file: JsonFile<DirectoryFile>;

  private constructor(file: string) {
    this.file = new JsonFile<DirectoryFile>(file);
  }

  static async open(file: string): Promise<AccountStore> {
    const store = new AccountStore(file);
    const data = await store.file.read();
    for (const user of data?.users ?? []) store.users.set(user.user_id, user);
    const now = Date.now();
    // Expired or used tickets are of no further use; dropping them keeps the file small.
    for (const ticket of data?.tickets ?? [])
      if (!ticket.used_at && ticket.expires_at > now) store.tickets.set(ticket.hash, ticket);
    return store;
  }

  close(): Promise<void> {
    return this.file.flush();
  }

  private persist(): Promise<void> {
    return this.file.save(() => ({ users: [...this.users.values()], tickets: [...this.tickets.values()] }));
  }

  list(): StoredUser[] {
    return [...this.users.values()];
  }

  findById(userId: string): StoredUser | undefined {
    return this.users.get(userId);
  }

  findByEmail(email: string): StoredUser[] {
    const wanted = email.toLowerCase();
    return [...this.users.values()].filter((u) => u.email === wanted);
  }

  findInConnection(email: string, connection: string): StoredUser | undefined {
    return this.findByEmail(email).find((u) => u.connection === connection);
  }

  async create(input: NewUser): Promise<StoredUser> {
    const email = input.email.toLowerCase();
    if (this.findInConnection(email, input.connection)) throw new UserExistsError(email, input.connection);
    const isDatabase = input.connection === DATABASE_CONNECTION;
    const provider = isDatabase ? 'auth0' : input.connection;
    const userId = `${provider}|${input.id ?? newId(provider)}`;
    if (this.users.has(userId)) throw new UserExistsError(email, input.connection);
    const now = new Date().toISOString();
    const user: StoredUser = {
      user_id: userId,
      provider,
      connection: input.connection,
      is_social: !isDatabase,
      email,
      // Social providers vouch for the address; database users are unverified unless told.
      email_verified: input.email_verified ?? !isDatabase,
      name: input.name ?? email,
      nickname: input.nickname ?? email.split('@')[0]!,
      ...(input.given_name ? { given_name: input.given_name } : {}),
      ...(input.family_name ? { family_name: input.family_name } : {}),
      app_metadata: { ...input.app_metadata },
      user_metadata: { ...input.user_metadata },
      created_at: now,
      updated_at: now,
      logins_count: 0,
    };
    if (isDatabase && input.password !== undefined) user.password_hash = await hashPassword(input.password);
    this.users.set(userId, user);
    await this.persist();
    return user;
  }

  async update(userId: string, change: (user: StoredUser) => void | Promise<void>): Promise<StoredUser | undefined> {
    const user = this.users.get(userId);
    if (!user) return undefined;
    await change(user);
    user.updated_at = new Date().toISOString();
    await this.persist();
    return user;
  }

  async setPassword(userId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.update(userId, (u) => {
      u.password_hash = hash;
      u.last_password_reset = new Date().toISOString();
    });
  }

  /** Password login against the database connection; social-only emails are told apart. */
  async login(email: string, password: string): Promise<LoginResult> {
    const user = this.findInConnection(email, DATABASE_CONNECTION);
    const matches = await verifyPasswordHash(password, user?.password_hash ?? (await dummyHash));
    if (user?.password_hash && matches) {
      await this.update(user.user_id, (u) => {
        u.last_login = new Date().toISOString();
        u.logins_count += 1;
      });
      return { ok: true, user };
    }
    if (!user) {
      const social = this.findByEmail(email).filter((u) => u.is_social);
      if (social.length) return { ok: false, reason: 'social', socialProviders: social.map((u) => u.provider) };
    }
    return { ok: false, reason: 'invalid' };
  }

  async recordSocialLogin(userId: string): Promise<void> {
    await this.update(userId, (u) => {
      u.last_login = new Date().toISOString();
      u.logins_count += 1;
    });
  }

  /** Returns the ticket secret; only its hash is stored. */
  async createTicket(input: {
    userId: string;
    ttlSec: number;
    clientId?: string;
    resultUrl?: string;
    markEmailAsVerified: boolean;
  }): Promise<{ secret: string; ticket: StoredTicket }> {
    const secret = randomBytes(32).toString('base64url');
    const now = Date.now();
    const ticket: StoredTicket = {
      hash: ticketHash(secret),
      user_id: input.userId,
      ...(input.clientId ? { client_id: input.clientId } : {}),
      ...(input.resultUrl ? { result_url: input.resultUrl } : {}),
      mark_email_as_verified: input.markEmailAsVerified,
      created_at: now,
      expires_at: now + input.ttlSec * 1000,
    };
    this.tickets.set(ticket.hash, ticket);
    await this.persist();
    return { secret, ticket };
  }

  ticketState(secret: string, now = Date.now()): TicketState {
    const ticket = this.tickets.get(ticketHash(secret));
    const user = ticket && this.users.get(ticket.user_id);
    if (!ticket || !user) return { state: 'unknown' };
    if (ticket.used_at) return { state: 'used', ticket };
    if (now >= ticket.expires_at) return { state: 'expired', ticket };
    return { state: 'valid', ticket, user };
  }

  /**
   * Sets the password through a ticket. The ticket is marked used and the user's other open
   * tickets stop working too: a link in an older email must not reset the new password.
   */
  async redeemTicket(secret: string, password: string): Promise<TicketState> {
    const current = this.ticketState(secret);
    if (current.state !== 'valid') return current;
    const { ticket, user } = current;
    const now = Date.now();
    const hash = await hashPassword(password);
    // Re-checked after the (slow) hash: two concurrent submissions must not both succeed.
    const again = this.ticketState(secret, now);
    if (again.state !== 'valid') return again;
    for (const other of this.tickets.values())
      if (other.user_id === ticket.user_id && !other.used_at) other.used_at = now;
    user.password_hash = hash;
    user.last_password_reset = new Date(now).toISOString();
    if (ticket.mark_email_as_verified) user.email_verified = true;
    user.updated_at = user.last_password_reset;
    await this.persist();
    return { state: 'valid', ticket, user };
  }
}
