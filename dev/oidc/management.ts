/**
 * The subset of the Auth0 Management API v2 the platform's provisioning adapter calls, with
 * Auth0's request and response shapes and error bodies (`{statusCode, error, message,
 * errorCode?}`). Every route needs a management access token: an RS256 JWT this provider issued
 * through client credentials for the management audience (`<issuer>/api/v2/`), with the scope
 * the route requires. Bodies are validated as strictly as Auth0 does (unknown properties are
 * refused), so a request the real service would reject fails here too.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import type { Logger } from '../../lib/log.js';
import {
  DATABASE_CONNECTION,
  DEFAULT_TICKET_TTL_SEC,
  UserExistsError,
  isEmail,
  passwordPolicyProblem,
  type AccountStore,
  type StoredUser,
} from './accounts.js';

export const MANAGEMENT_SCOPES = [
  'read:users',
  'create:users',
  'update:users',
  'update:users_app_metadata',
  'create:user_tickets',
] as const;

export interface ManagementOptions {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  accounts: AccountStore;
  provider: Provider;
  log: Logger;
}

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

export class ManagementError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: string,
    readonly attributes?: Record<string, string>,
  ) {
    super(message);
  }
}

function sendError(res: Response, err: ManagementError): void {
  res.status(err.statusCode).json({
    statusCode: err.statusCode,
    error: REASON[err.statusCode] ?? 'Error',
    message: err.message,
    ...(err.errorCode ? { errorCode: err.errorCode } : {}),
    ...(err.attributes ? { attributes: err.attributes } : {}),
  });
}

const invalidBody = (detail: string, property?: string) =>
  new ManagementError(
    400,
    `Payload validation error: '${detail}'${property ? ` on property ${property}` : ''}.`,
    'invalid_body',
  );
const noUser = () => new ManagementError(404, 'The user does not exist.', 'inexistent_user');

type Body = Record<string, unknown>;
const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
type Kind = 'string' | 'boolean' | 'object' | 'integer';

/** Checks a JSON body against allowed properties and their kinds, the way Auth0 reports it. */
function checkBody(body: unknown, allowed: Record<string, Kind>, required: string[] = []): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody(`Expected type object but found type ${typeName(body)}`);
  const extra = Object.keys(body).filter((k) => !(k in allowed));
  if (extra.length) throw invalidBody(`Additional properties not allowed: ${extra.join(',')}`);
  for (const key of required)
    if ((body as Body)[key] === undefined) throw invalidBody(`Missing required property: ${key}`);
  for (const [key, value] of Object.entries(body)) {
    const kind = allowed[key]!;
    const ok =
      kind === 'object'
        ? value !== null && typeof value === 'object' && !Array.isArray(value)
        : kind === 'integer'
          ? Number.isInteger(value)
          : typeof value === kind;
    if (!ok) throw invalidBody(`Expected type ${kind} but found type ${typeName(value)}`, key);
  }
  return body as Body;
}

/** A stored user in Auth0's response shape; empty metadata is left out as Auth0 does. */
export function toAuth0User(user: StoredUser): Record<string, unknown> {
  return {
    user_id: user.user_id,
    email: user.email,
    email_verified: user.email_verified,
    name: user.name,
    nickname: user.nickname,
    ...(user.given_name ? { given_name: user.given_name } : {}),
    ...(user.family_name ? { family_name: user.family_name } : {}),
    identities: [
      {
        connection: user.connection,
        user_id: user.user_id.slice(user.user_id.indexOf('|') + 1),
        provider: user.provider,
        isSocial: user.is_social,
      },
    ],
    ...(Object.keys(user.app_metadata).length ? { app_metadata: user.app_metadata } : {}),
    ...(Object.keys(user.user_metadata).length ? { user_metadata: user.user_metadata } : {}),
    created_at: user.created_at,
    updated_at: user.updated_at,
    ...(user.last_login ? { last_login: user.last_login } : {}),
    ...(user.last_password_reset ? { last_password_reset: user.last_password_reset } : {}),
    logins_count: user.logins_count,
  };
}

/** Auth0's metadata update: top-level keys merge, a null value removes its key, `{}` clears all. */
function mergeMetadata(current: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(change).length === 0) return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

function pickFields(user: Record<string, unknown>, fields: unknown, include: unknown): Record<string, unknown> {
  if (typeof fields !== 'string' || !fields) return user;
  const list = new Set(fields.split(',').map((f) => f.trim()));
  const keep = include !== 'false';
  return Object.fromEntries(Object.entries(user).filter(([k]) => list.has(k) === keep));
}

const absoluteUrl = (value: string) => {
  const url = URL.parse(value);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url : undefined;
};

export function managementRoutes(options: ManagementOptions): Router {
  const { accounts, log } = options;
  const router = express.Router();

  // Auth0 answers authentication problems before it looks at the body.
  const requireScope =
    (...anyOf: string[]) =>
    async (req: Request, res: Response, next: NextFunction) => {
      const header = req.get('authorization') ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) return sendError(res, new ManagementError(401, 'Missing authentication'));
      let scopes: Set<string>;
      try {
        const { payload } = await jwtVerify(match[1]!, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256'],
        });
        scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []);
        res.locals.clientId = payload.client_id;
      } catch (err) {
        const message =
          err instanceof joseErrors.JWTExpired
            ? 'Expired token received for JSON Web Token validation'
            : err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud'
              ? 'Bad audience'
              : 'Invalid token';
        return sendError(res, new ManagementError(401, message, undefined, { error: message }));
      }
      if (!anyOf.some((s) => scopes.has(s))) {
        return sendError(
          res,
          new ManagementError(403, `Insufficient scope, expected any of: ${anyOf.join(',')}`, 'insufficient_scope'),
        );
      }
      next();
    };

  const json = express.json({ limit: '100kb', type: () => true });

  router.get('/users-by-email', requireScope('read:users'), (req, res) => {
    const extra = Object.keys(req.query).filter((k) => !['email', 'fields', 'include_fields'].includes(k));
    if (extra.length)
      throw new ManagementError(
        400,
        `Query validation error: 'Additional properties not allowed: ${extra.join(',')}'.`,
        'invalid_query_string',
      );
    const email = req.query.email;
    if (typeof email !== 'string' || !email) {
      throw new ManagementError(
        400,
        "Query validation error: 'Missing required property: email' on property email (Email address to search for (case-sensitive)).",
        'invalid_query_string',
      );
    }
    res.json(
      accounts.findByEmail(email).map((u) => pickFields(toAuth0User(u), req.query.fields, req.query.include_fields)),
    );
  });

  router.get('/users/:id', requireScope('read:users'), (req, res) => {
    const user = accounts.findById(req.params.id as string);
    if (!user) throw noUser();
    res.json(pickFields(toAuth0User(user), req.query.fields, req.query.include_fields));
  });

  router.post('/users', requireScope('create:users'), json, async (req, res) => {
    const body = checkBody(
      req.body,
      {
        email: 'string',
        password: 'string',
        connection: 'string',
        email_verified: 'boolean',
        verify_email: 'boolean',
        app_metadata: 'object',
        user_metadata: 'object',
        name: 'string',
        given_name: 'string',
        family_name: 'string',
        nickname: 'string',
        user_id: 'string',
      },
      ['connection'],
    );
    if (body.connection !== DATABASE_CONNECTION)
      throw new ManagementError(400, 'The connection does not exist.', 'inexistent_connection');
    if (body.email === undefined) throw invalidBody('Missing required property: email');
    if (!isEmail(body.email))
      throw invalidBody(`Object didn't pass validation for format email: ${String(body.email)}`, 'email');
    if (body.password === undefined) throw invalidBody('Missing required property: password');
    const weak = passwordPolicyProblem(body.password as string);
    if (weak) throw new ManagementError(400, `PasswordStrengthError: ${weak}`, 'invalid_body');
    try {
      const user = await accounts.create({
        email: body.email,
        connection: DATABASE_CONNECTION,
        password: body.password as string,
        email_verified: (body.email_verified as boolean | undefined) ?? false,
        ...(body.name ? { name: body.name as string } : {}),
        ...(body.nickname ? { nickname: body.nickname as string } : {}),
        ...(body.given_name ? { given_name: body.given_name as string } : {}),
        ...(body.family_name ? { family_name: body.family_name as string } : {}),
        ...(body.app_metadata ? { app_metadata: body.app_metadata as Record<string, unknown> } : {}),
        ...(body.user_metadata ? { user_metadata: body.user_metadata as Record<string, unknown> } : {}),
        ...(body.user_id ? { id: String(body.user_id).replace(/^auth0\|/, '') } : {}),
      });
      // This provider never sends mail; `verify_email: true` is accepted and only logged.
      log.info('management: user created', {
        user_id: user.user_id,
        verify_email: body.verify_email,
        client_id: res.locals.clientId,
      });
      res.status(201).json(toAuth0User(user));
    } catch (err) {
      if (err instanceof UserExistsError) throw new ManagementError(409, 'The user already exists.', 'auth0_idp_error');
      throw err;
    }
  });

  router.patch('/users/:id', requireScope('update:users', 'update:users_app_metadata'), json, async (req, res) => {
    const body = checkBody(req.body, {
      app_metadata: 'object',
      user_metadata: 'object',
      email_verified: 'boolean',
      password: 'string',
      connection: 'string',
      name: 'string',
      given_name: 'string',
      family_name: 'string',
      nickname: 'string',
      verify_email: 'boolean',
    });
    if (Object.keys(body).length === 0) throw invalidBody('Too few properties defined (0), minimum 1');
    const user = accounts.findById(req.params.id as string);
    if (!user) throw noUser();
    if (body.password !== undefined) {
      if (user.is_social)
        throw new ManagementError(
          400,
          'Cannot update password for a user of a non-database connection.',
          'operation_not_supported',
        );
      const weak = passwordPolicyProblem(body.password as string);
      if (weak) throw new ManagementError(400, `PasswordStrengthError: ${weak}`, 'invalid_body');
    }
    const updated = await accounts.update(user.user_id, async (u) => {
      if (body.app_metadata)
        u.app_metadata = mergeMetadata(u.app_metadata, body.app_metadata as Record<string, unknown>);
      if (body.user_metadata)
        u.user_metadata = mergeMetadata(u.user_metadata, body.user_metadata as Record<string, unknown>);
      if (body.email_verified !== undefined) u.email_verified = body.email_verified as boolean;
      for (const key of ['name', 'given_name', 'family_name', 'nickname'] as const)
        if (typeof body[key] === 'string') u[key] = body[key] as string;
    });
    if (body.password !== undefined) await accounts.setPassword(user.user_id, body.password as string);
    res.json(toAuth0User(updated!));
  });

  router.post('/tickets/password-change', requireScope('create:user_tickets'), json, async (req, res) => {
    const body = checkBody(
      req.body,
      {
        user_id: 'string',
        client_id: 'string',
        ttl_sec: 'integer',
        mark_email_as_verified: 'boolean',
        result_url: 'string',
        includeEmailInRedirect: 'boolean',
      },
      ['user_id'],
    );
    // Auth0 refuses the combination: with client_id the user goes to the application's login route.
    if (body.client_id !== undefined && body.result_url !== undefined) {
      throw new ManagementError(
        400,
        'The result_url parameter cannot be used together with client_id.',
        'invalid_body',
      );
    }
    const ttlSec = body.ttl_sec === undefined || body.ttl_sec === 0 ? DEFAULT_TICKET_TTL_SEC : (body.ttl_sec as number);
    if (ttlSec < 0) throw invalidBody(`Value ${ttlSec} is less than minimum 0`, 'ttl_sec');
    if (body.result_url !== undefined && !absoluteUrl(body.result_url as string)) {
      throw invalidBody(
        `Object didn't pass validation for format absolute-uri: ${String(body.result_url)}`,
        'result_url',
      );
    }
    if (body.client_id !== undefined && !(await options.provider.Client.find(body.client_id as string))) {
      throw new ManagementError(404, 'The client does not exist', 'inexistent_client');
    }
    const user = accounts.findById(body.user_id as string);
    if (!user) throw noUser();
    if (user.is_social)
      throw new ManagementError(
        400,
        'Password change tickets are only available for users of database connections.',
        'operation_not_supported',
      );
    let resultUrl = body.result_url as string | undefined;
    if (resultUrl && body.includeEmailInRedirect) {
      const url = absoluteUrl(resultUrl)!;
      url.searchParams.set('email', user.email);
      resultUrl = url.href;
    }
    const { secret, ticket } = await accounts.createTicket({
      userId: user.user_id,
      ttlSec,
      ...(body.client_id ? { clientId: body.client_id as string } : {}),
      ...(resultUrl ? { resultUrl } : {}),
      markEmailAsVerified: body.mark_email_as_verified === true,
    });
    log.info('management: password-change ticket created', {
      user_id: user.user_id,
      ttl_sec: ttlSec,
      expires_at: new Date(ticket.expires_at).toISOString(),
    });
    res.status(201).json({ ticket: `${options.issuer}/lo/reset?ticket=${secret}#` });
  });

  router.use((_req, res) => sendError(res, new ManagementError(404, 'Not Found')));

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (err instanceof ManagementError) return sendError(res, err);
    const status = (err as { status?: number; type?: string }).status;
    if ((err as { type?: string }).type === 'entity.parse.failed')
      return sendError(res, new ManagementError(400, 'Invalid request payload JSON format', 'invalid_body'));
    if (status === 413)
      return res.status(413).json({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Payload content length greater than maximum allowed',
      });
    log.error('management request failed', { err });
    sendError(res, new ManagementError(500, 'Internal Server Error'));
  });

  return router;
}
