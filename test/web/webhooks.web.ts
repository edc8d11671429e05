/**
 * Webhooks in the desk: an administrator registers a receiver and sees its secret once, reads its
 * delivery attempts and resends one, rotates the secret, edits, disables and deletes it; the
 * screen and each of its dialogs pass axe.
 */
import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { recordAttempt } from '../webhooks/support.js';
import { assertAccessible, deskRun, MARTIN, screenshot } from './support.js';

const subscriptionNamed = (description: string) =>
  tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
    trx('webhook_subscriptions').where({ description }).orderBy('created_at', 'desc').first(),
  );

describe('Webhooks: administration in the desk (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-webhooks-');

  it('creates a webhook showing its secret once, resends an attempt, rotates, edits, disables and deletes it', async () => {
    const { page } = await run.session(MARTIN);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await assertAccessible(page, 'Webhooks');

    const form = page.getByRole('form', { name: 'Nuevo webhook' });
    await form.getByLabel('URL del receptor').fill('http://127.0.0.1:9/tasas');
    await form.getByLabel('Descripción').fill('Tasas municipales');
    await form.getByRole('checkbox', { name: /Documento firmado/ }).check();
    await form.getByRole('checkbox', { name: /Expediente creado/ }).check();
    await form.getByRole('button', { name: 'Crear webhook' }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.innerText()).trim();
    assert.match(secret, /^whsec_/);
    const row = await subscriptionNamed('Tasas municipales');
    assert.equal(
      getStack().services.webhookSecrets.open(row.secret_enc),
      secret,
      'the secret shown is the one that signs',
    );
    assert.deepEqual(row.event_types, ['document.signed', 'case.created']);
    await page.getByRole('button', { name: 'Copiar' }).waitFor();
    await assertAccessible(page, 'Webhooks con el secreto nuevo');
    await screenshot(page, run.shots, 'webhooks');

    // Shown once: after a reload the secret is nowhere on the page.
    await page.reload();
    const line = page.getByRole('row').filter({ hasText: 'Tasas municipales' });
    await line.waitFor();
    assert.ok(!(await page.content()).includes(secret), 'the secret is shown only once');

    // Disabled (so no delivery run adds attempts of its own to the list read below).
    await line.getByRole('button', { name: 'Desactivar Tasas municipales' }).click();
    await line.getByText('Desactivado', { exact: true }).waitFor();
    assert.equal((await subscriptionNamed('Tasas municipales')).status, 'disabled');

    // Attempts, and a resend of one.
    const { deliveryId } = await recordAttempt(getStack().db, getStack().demoTenant, row.id, {
      outcome: 'failed',
      status_code: 503,
      response_excerpt: 'Servicio no disponible',
    });
    await line.getByRole('button', { name: 'Entregas de Tasas municipales' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Entregas de Tasas municipales' });
    await deliveries.getByText('Servicio no disponible').waitFor();
    await deliveries.getByText('503').waitFor();
    await assertAccessible(page, 'Entregas de un webhook');
    await deliveries.getByRole('button', { name: /^Reenviar document\.created/ }).click();
    await deliveries.getByText('Reenvío pedido').waitFor();
    const queued = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('webhook_redeliveries').where({ subscription_id: row.id }),
    );
    assert.equal(queued.length, 1);
    assert.equal(
      queued[0].event_id,
      (
        await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
          trx('webhook_deliveries').where({ id: deliveryId }).first(),
        )
      ).event_id,
    );
    await page.keyboard.press('Escape');
    await deliveries.waitFor({ state: 'hidden' });

    // Rotation: a new secret, shown once; the previous one keeps signing for the hours chosen.
    await line.getByRole('button', { name: 'Rotar secreto de Tasas municipales' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotar el secreto' });
    await rotate.getByLabel('Horas en que el secreto anterior sigue firmando').fill('2');
    await assertAccessible(page, 'Rotar el secreto');
    await rotate.getByRole('button', { name: 'Rotar secreto' }).click();
    await rotate.waitFor({ state: 'hidden' });
    await page.getByText('Webhook actualizado; guarde el secreto nuevo').waitFor();
    const rotated = (await page.getByTestId('webhook-secret').innerText()).trim();
    assert.notEqual(rotated, secret);
    await line.getByText(/el secreto anterior firma hasta/).waitFor();

    // Editing.
    await line.getByRole('button', { name: 'Editar Tasas municipales' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar webhook' });
    await edit.getByLabel('Descripción').fill('Tasas y contribuciones');
    await edit.getByRole('checkbox', { name: /Registro creado/ }).check();
    await assertAccessible(page, 'Editar webhook');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'hidden' });
    const renamed = page.getByRole('row').filter({ hasText: 'Tasas y contribuciones' });
    await renamed.getByText(/Registro creado/).waitFor();

    // Enabling again.
    await renamed.getByRole('button', { name: 'Activar Tasas y contribuciones' }).click();
    await renamed.getByText('Activo', { exact: true }).waitFor();
    assert.equal((await subscriptionNamed('Tasas y contribuciones')).status, 'active');

    // Deleting, after confirming.
    await renamed.getByRole('button', { name: 'Eliminar Tasas y contribuciones' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar webhook' });
    await confirm.getByText(/No se puede deshacer/).waitFor();
    await assertAccessible(page, 'Eliminar webhook');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await renamed.waitFor({ state: 'detached' });
    assert.equal(await subscriptionNamed('Tasas y contribuciones'), undefined);
  });
});
