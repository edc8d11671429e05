/**
 * Development-only account administration, enabled only when an admin key is configured and
 * guarded by header `X-Admin-Key`. It exists for what the Management API subset cannot do:
 * creating social accounts (`google-oauth2|…`) and password accounts with a known password.
 *
 *   POST /dev/accounts  {email, connection?, password?, name?, email_verified?, user_id?, app_metadata?}
 *        → 201 user (Auth0 shape) | 409 when the email exists in that connection
 *   GET  /dev/accounts  → every account (Auth0 shape)
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from '../../lib/log.js';
import { constantTimeEqual } from '../../lib/secrets.js';
import {
  DATABASE_CONNECTION,
  UserExistsError,
  isEmail,
  passwordPolicyProblem,
  type AccountStore,
  type NewUser,
} from './accounts.js';
import { toAuth0User } from './management.js';

/** An account to create at start (when missing) or through the admin route. */
export interface SeedAccount {
  email: string;
  /** `Username-Password-Authentication` (default) or a social connection such as `google-oauth2`. */
  connection?: string;
  /** Database accounts only; without one the account can only be activated through a ticket. */
  password?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
  /** The full id (`google-oauth2|1234`); generated when absent. */
  user_id?: string;
  app_metadata?: Record<string, unknown>;
}

const CONNECTION_NAME = /^[a-z0-9][a-z0-9-]{1,63}$/i;

/** Checks a seed account and turns it into the store's input; throws a message for the caller. */
export function toNewUser(seed: SeedAccount): NewUser {
  if (!isEmail(seed.email)) throw new Error(`invalid email: ${String(seed.email)}`);
  const connection = seed.connection ?? DATABASE_CONNECTION;
  if (!CONNECTION_NAME.test(connection) && connection !== DATABASE_CONNECTION)
    throw new Error(`invalid connection: ${connection}`);
  const isDatabase = connection === DATABASE_CONNECTION;
  if (!isDatabase && seed.password !== undefined) throw new Error('social accounts have no password');
  if (seed.password !== undefined) {
    const problem = passwordPolicyProblem(seed.password);
    if (problem) throw new Error(problem);
  }
  let id: string | undefined;
  if (seed.user_id !== undefined) {
    const prefix = `${isDatabase ? 'auth0' : connection}|`;
    if (!seed.user_id.startsWith(prefix) || seed.user_id.length === prefix.length)
      throw new Error(`user_id must look like ${prefix}<id>`);
    id = seed.user_id.slice(prefix.length);
  }
  return {
    email: seed.email,
    connection,
    ...(seed.password !== undefined ? { password: seed.password } : {}),
    ...(seed.email_verified !== undefined ? { email_verified: seed.email_verified } : {}),
    ...(seed.name ? { name: seed.name } : {}),
    ...(seed.given_name ? { given_name: seed.given_name } : {}),
    ...(seed.family_name ? { family_name: seed.family_name } : {}),
    ...(seed.app_metadata ? { app_metadata: seed.app_metadata } : {}),
    ...(id ? { id } : {}),
  };
}

/** Creates the seed accounts that do not exist yet (same email and connection); existing ones are left as they are. */
export async function seedAccounts(accounts: AccountStore, seeds: readonly SeedAccount[], log: Logger): Promise<void> {
  for (const seed of seeds) {
    const input = toNewUser(seed);
    if (accounts.findInConnection(input.email, input.connection)) continue;
    const user = await accounts.create(input);
    log.info('account seeded', { user_id: user.user_id, email: user.email });
  }
}

export function adminRoutes(options: { accounts: AccountStore; adminKey: string; log: Logger }): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    const key = req.get('x-admin-key');
    if (!key || !constantTimeEqual(key, options.adminKey)) {
      res.status(401).json({ error: 'X-Admin-Key missing or wrong' });
      return;
    }
    next();
  });

  router.get('/accounts', (_req, res) => {
    res.json(options.accounts.list().map(toAuth0User));
  });

  router.post('/accounts', express.json({ limit: '32kb' }), async (req, res) => {
    let input: NewUser;
    try {
      if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body))
        throw new Error('body must be a JSON object');
      input = toNewUser(req.body as SeedAccount);
    } catch (err) {
      res.status(400).json({ error: (err as Error).message });
      return;
    }
    try {
      const user = await options.accounts.create(input);
      options.log.info('account created (admin)', { user_id: user.user_id, email: user.email });
      res.status(201).json(toAuth0User(user));
    } catch (err) {
      if (err instanceof UserExistsError) {
        res.status(409).json({ error: err.message });
        return;
      }
      throw err;
    }
  });

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number }).status;
    if (status && status < 500) {
      res.status(status).json({
        error: (err as { type?: string }).type === 'entity.parse.failed' ? 'invalid JSON body' : (err as Error).message,
      });
      return;
    }
    options.log.error('admin request failed', { err });
    res.status(500).json({ error: 'internal error' });
  });
  return router;
}
