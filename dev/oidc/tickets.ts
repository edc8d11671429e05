/**
 * The page behind a password-change ticket (`/lo/reset?ticket=…`, Auth0's path): a form that
 * sets the password. A ticket works once and only until its expiry (checked to the millisecond
 * on display and again on submit). Afterwards the user goes to `result_url` (with Auth0's
 * `success`/`message` query), or, for a ticket bound to a client, sees a page with a link to
 * that application's login route.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from '../../lib/log.js';
import { passwordPolicyProblem, type AccountStore, type TicketState } from './accounts.js';
import { messagePage, setPasswordPage } from './pages.js';

export interface TicketOptions {
  accounts: AccountStore;
  /** Login route of a client (Auth0's "Application Login URI"), if it has one. */
  loginUriFor: (clientId: string) => string | undefined;
  log: Logger;
}

function refuse(res: Response, state: Exclude<TicketState, { state: 'valid' }>): void {
  res.set('cache-control', 'no-store');
  if (state.state === 'expired') {
    res
      .status(410)
      .type('html')
      .send(
        messagePage('Enlace vencido', 'Este enlace para establecer la contraseña venció. Pida una nueva invitación.'),
      );
  } else if (state.state === 'used') {
    res
      .status(410)
      .type('html')
      .send(
        messagePage(
          'Enlace ya utilizado',
          'Este enlace para establecer la contraseña ya fue utilizado. Si todavía necesita una contraseña, pida una nueva invitación.',
        ),
      );
  } else {
    res
      .status(404)
      .type('html')
      .send(messagePage('Enlace inválido', 'El enlace para establecer la contraseña no es válido.'));
  }
}

export function ticketRoutes(options: TicketOptions): Router {
  const { accounts, log } = options;
  const router = express.Router();

  router.get('/lo/reset', (req, res) => {
    const secret = typeof req.query.ticket === 'string' ? req.query.ticket : '';
    const state = accounts.ticketState(secret);
    if (state.state !== 'valid') return refuse(res, state);
    res
      .set('cache-control', 'no-store')
      .type('html')
      .send(setPasswordPage({ ticket: secret, email: state.user.email }));
  });

  router.post('/lo/reset', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const secret = typeof req.body?.ticket === 'string' ? req.body.ticket : '';
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    const confirmation = typeof req.body?.password_confirmation === 'string' ? req.body.password_confirmation : '';
    const before = accounts.ticketState(secret);
    if (before.state !== 'valid') return refuse(res, before);
    const problem = password !== confirmation ? 'Las contraseñas no coinciden.' : passwordPolicyProblem(password);
    if (problem) {
      res
        .status(400)
        .set('cache-control', 'no-store')
        .type('html')
        .send(setPasswordPage({ ticket: secret, email: before.user.email, error: problem }));
      return;
    }
    const state = await accounts.redeemTicket(secret, password);
    if (state.state !== 'valid') return refuse(res, state);
    log.info('password set through ticket', { user_id: state.user.user_id });
    const { ticket } = state;
    if (ticket.result_url) {
      const target = new URL(ticket.result_url);
      target.searchParams.set('success', 'true');
      target.searchParams.set('message', 'You can now login to the application with the new password.');
      res.redirect(303, target.href);
      return;
    }
    const loginUri = ticket.client_id ? options.loginUriFor(ticket.client_id) : undefined;
    res
      .set('cache-control', 'no-store')
      .type('html')
      .send(
        messagePage(
          'Contraseña establecida',
          'Su contraseña fue guardada. Ya puede iniciar sesión.',
          loginUri ? { href: loginUri, label: 'Ir a la aplicación' } : undefined,
        ),
      );
  });

  router.use('/lo', (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if ((err as { status?: number }).status && (err as { status: number }).status < 500) {
      res
        .status((err as { status: number }).status)
        .type('html')
        .send(messagePage('Solicitud inválida', 'El formulario enviado no es válido.'));
      return;
    }
    log.error('password page failed', { err });
    res.status(500).type('html').send(messagePage('Error', 'Ocurrió un error inesperado.'));
  });

  return router;
}
