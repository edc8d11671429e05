/**
 * WebhookDeliveryWorkflow's steps: one delivery pass (domain/webhooks/delivery.ts) with a heartbeat
 * after each attempt, and, when the back-off has run out, the subscription marked failing and its
 * municipality's administrators e-mailed.
 */
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { WebhookPass } from '../contract/webhooks.js';
import { deliverPass, markFailing } from '../domain/webhooks/delivery.js';
import { escapeHtml } from '../lib/html.js';
import { requireTenantDb, type ActivityDeps } from './deps.js';

export function createWebhookActivities(deps: ActivityDeps) {
  return {
    /** Sends what the subscription has pending; throws (to be retried with back-off) when the first event fails. */
    async deliverWebhookEvents(input: { tenant: string; subscriptionId: string }): Promise<WebhookPass> {
      const db = await requireTenantDb(deps, input.tenant);
      const outcome = await deliverPass(db, input.subscriptionId, {
        secrets: deps.services.webhookSecrets,
        urls: deps.services.webhookUrls,
        timeoutMs: deps.config.webhooks.timeoutMs,
        publicUrl: deps.config.api.publicUrl,
        progress: () => Context.current().heartbeat(),
      });
      if (outcome.state === 'failed')
        throw ApplicationFailure.retryable(`El receptor no aceptó el evento: ${outcome.error}`, 'WebhookNotAccepted');
      return { state: outcome.state, delivered: outcome.delivered };
    },

    /** The receiver failed for the whole back-off: stop, and tell the administrators. */
    async markWebhookFailing(input: { tenant: string; subscriptionId: string; giveUpMs: number }): Promise<boolean> {
      const db = await requireTenantDb(deps, input.tenant);
      const hours = Math.round(input.giveUpMs / 3_600_000);
      const reason = `El receptor no aceptó entregas durante ${hours >= 1 ? `${hours} h` : `${Math.round(input.giveUpMs / 1000)} s`}`;
      const marked = await markFailing(db, input.subscriptionId, reason);
      if (!marked) return false;
      const admins = await db.transaction((trx) =>
        trx('users')
          .where({ is_admin: true, is_active: true })
          .select<{ id: string; email: string; full_name: string }[]>('id', 'email', 'full_name'),
      );
      const desk = `${deps.config.api.publicUrl.replace(/\/+$/, '')}/webhooks`;
      for (const admin of admins) {
        const lines = [
          `La suscripción de webhooks a ${marked.url} dejó de entregar eventos: ${reason.toLowerCase()}.`,
          'Los eventos siguen guardados; al volver a activarla se entregan desde donde quedó.',
        ];
        await deps.mailer.send({
          to: admin.email,
          subject: `${db.tenant.displayName}: webhooks detenidos`,
          text: [`Hola ${admin.full_name}:`, '', ...lines, '', desk, ''].join('\n'),
          html: `<p>Hola ${escapeHtml(admin.full_name)}:</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(desk)}">Abrir Webhooks</a></p>`,
          messageId: `<webhook-failing.${input.subscriptionId}.${admin.id}@expediente>`,
        });
      }
      return true;
    },
  };
}
