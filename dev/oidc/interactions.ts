/**
 * The login and consent steps oidc-provider hands over to us (`/interaction/:uid`). First-party
 * clients (the ones configured at start) never see a consent page: their consent is recorded
 * automatically, as Auth0 does for first-party applications. Dynamically registered clients are
 * third parties and the user must allow them explicitly.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type { Logger } from '../../lib/log.js';
import type { AccountStore } from './accounts.js';
import { consentPage, loginPage, messagePage } from './pages.js';

export interface InteractionOptions {
  provider: Provider;
  accounts: AccountStore;
  firstPartyClientIds: ReadonlySet<string>;
  socialLogin: boolean;
  log: Logger;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.set('cache-control', 'no-store');
  next();
};

export function interactionRoutes(options: InteractionOptions): Router {
  const { provider, accounts, firstPartyClientIds, log } = options;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  // The interaction comes from the browser's cookie; the uid in the path must name the same one.
  async function details(req: Request, res: Response): Promise<Interaction> {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== req.params.uid) throw new errors.SessionNotFound('interaction mismatch');
    return interaction;
  }

  async function clientName(clientId: unknown): Promise<string> {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    return (client?.clientName as string | undefined) ?? (typeof clientId === 'string' ? clientId : 'la aplicación');
  }

  // Records what the consent prompt found missing: on the interaction's grant if it has one.
  async function finishConsent(req: Request, res: Response, interaction: Interaction): Promise<void> {
    const { prompt, params, session } = interaction;
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant =
      existing ?? new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const result: InteractionResults = { consent: existing ? {} : { grantId } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }

  router.get('/interaction/:uid', noStore, async (req, res) => {
    const interaction = await details(req, res);
    const { prompt, params, session } = interaction;
    if (prompt.name === 'login') {
      res.type('html').send(
        loginPage({
          uid: interaction.uid,
          clientName: await clientName(params.client_id),
          email: typeof params.login_hint === 'string' ? params.login_hint : undefined,
          socialLogin: options.socialLogin,
        }),
      );
      return;
    }
    if (prompt.name === 'consent') {
      if (firstPartyClientIds.has(params.client_id as string)) {
        await finishConsent(req, res, interaction);
        return;
      }
      const d = prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
      const scopes = [
        ...new Set([...(d.missingOIDCScope ?? []), ...Object.values(d.missingResourceScopes ?? {}).flat()]),
      ];
      const user = session ? accounts.findById(session.accountId) : undefined;
      res.type('html').send(
        consentPage({
          uid: interaction.uid,
          clientName: await clientName(params.client_id),
          email: user?.email ?? '',
          scopes,
          resources: Object.keys(d.missingResourceScopes ?? {}),
        }),
      );
      return;
    }
    res
      .status(400)
      .type('html')
      .send(messagePage('Solicitud no soportada', `Paso de autenticación desconocido: ${prompt.name}`));
  });

  router.post('/interaction/:uid/login', noStore, form, async (req, res) => {
    const interaction = await details(req, res);
    if (interaction.prompt.name !== 'login') throw new errors.InvalidRequest('this step is not a login');
    const email = typeof req.body?.email === 'string' ? req.body.email.trim() : '';
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    const page = async (error: string) =>
      loginPage({
        uid: interaction.uid,
        clientName: await clientName(interaction.params.client_id),
        email,
        error,
        socialLogin: options.socialLogin,
      });
    if (!email || !password) {
      res
        .status(400)
        .type('html')
        .send(await page('Ingrese email y contraseña.'));
      return;
    }
    const result = await accounts.login(email, password);
    if (!result.ok) {
      log.info('login refused', { email, reason: result.reason });
      const message =
        result.reason === 'social'
          ? `Esta cuenta inicia sesión con ${result.socialProviders!.join(', ')}, no con contraseña.`
          : 'Email o contraseña incorrectos.';
      res
        .status(401)
        .type('html')
        .send(await page(message));
      return;
    }
    log.info('login', { user_id: result.user.user_id, client_id: interaction.params.client_id });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: result.user.user_id, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  });

  // Development stand-in for "Continue with Google": logs in an existing social account by email.
  router.post('/interaction/:uid/social', noStore, form, async (req, res) => {
    const interaction = await details(req, res);
    if (!options.socialLogin) {
      res
        .status(404)
        .type('html')
        .send(messagePage('No disponible', 'El inicio de sesión social simulado está desactivado.'));
      return;
    }
    if (interaction.prompt.name !== 'login') throw new errors.InvalidRequest('this step is not a login');
    const email = typeof req.body?.email === 'string' ? req.body.email.trim() : '';
    const user = accounts.findByEmail(email).find((u) => u.is_social);
    if (!user) {
      const page = loginPage({
        uid: interaction.uid,
        clientName: await clientName(interaction.params.client_id),
        error: `No hay una cuenta social para ${email || '(vacío)'}.`,
        socialLogin: true,
      });
      res.status(401).type('html').send(page);
      return;
    }
    await accounts.recordSocialLogin(user.user_id);
    log.info('social login (simulated)', { user_id: user.user_id });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.user_id, amr: ['ext'] } },
      { mergeWithLastSubmission: false },
    );
  });

  router.post('/interaction/:uid/consent', noStore, form, async (req, res) => {
    const interaction = await details(req, res);
    if (interaction.prompt.name !== 'consent') throw new errors.InvalidRequest('this step is not a consent');
    await finishConsent(req, res, interaction);
  });

  router.post('/interaction/:uid/abort', noStore, form, async (req, res) => {
    await details(req, res);
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  });

  // Errors of these routes are the browser's: an expired or foreign interaction gets a page, not a 500.
  router.use('/interaction', (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (err instanceof errors.SessionNotFound) {
      res
        .status(400)
        .type('html')
        .send(
          messagePage(
            'Sesión vencida',
            'El inicio de sesión venció o no corresponde a este navegador. Vuelva a la aplicación e inténtelo de nuevo.',
          ),
        );
      return;
    }
    if (err instanceof errors.OIDCProviderError) {
      res
        .status(err.statusCode ?? 400)
        .type('html')
        .send(messagePage('Solicitud inválida', err.error_description ?? err.message));
      return;
    }
    log.error('interaction failed', { err });
    res.status(500).type('html').send(messagePage('Error', 'Ocurrió un error inesperado.'));
  });

  return router;
}
