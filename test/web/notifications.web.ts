/**
 * Notificaciones in the desk: from the account menu, a user chooses how each kind of e-mail
 * notice reaches them; the choice is saved through the backend and is still there after a reload.
 */
import assert from 'node:assert/strict';
import { request } from '../support/http.js';
import { newUser, type NewUser } from '../support/users.js';
import { assertAccessible, deskRun, deskUserOf, screenshot } from './support.js';

describe('Notificaciones: e-mail preferences in the desk (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-notifications-');

  /** A user of its own: a seeded user's preferences stay as other suites expect them. */
  let user: NewUser;
  before(async () => {
    user = await newUser({ fullName: 'Nora Avisos', role: 'director', sectors: [{ acronym: 'RENT', canEdit: true }] });
  });

  it('a user switches memos to the daily digest from the account menu, and it is kept after a reload', async () => {
    const { page } = await run.session(deskUserOf(user));
    await page.getByTestId('account-button').click();
    await page.getByRole('menuitem', { name: 'Notificaciones' }).click();
    await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
    const memos = page.getByRole('radiogroup', { name: 'Memos recibidos' });
    assert.equal(
      await memos.getByRole('radio', { name: 'Al momento' }).isChecked(),
      true,
      'sent at once unless changed',
    );
    await assertAccessible(page, 'Notificaciones');

    await memos.getByRole('radio', { name: 'En el resumen diario' }).check();
    await page.getByRole('button', { name: 'Guardar preferencias' }).click();
    await page.getByText('Preferencias de notificación guardadas').waitFor();
    await screenshot(page, run.shots, 'notificaciones');

    await page.reload();
    const again = page.getByRole('radiogroup', { name: 'Memos recibidos' });
    await again.getByRole('radio', { name: 'En el resumen diario' }).waitFor();
    assert.equal(
      await again.getByRole('radio', { name: 'En el resumen diario' }).isChecked(),
      true,
      'kept after reload',
    );
    assert.equal(
      await page
        .getByRole('radiogroup', { name: 'Notas recibidas' })
        .getByRole('radio', { name: 'Al momento' })
        .isChecked(),
      true,
      'the rest unchanged',
    );
    const saved = await request('/api/v1/me/notification-preferences', { headers: user.backend });
    assert.equal(saved.body.data.preferences.memo, 'digest');
  });
});
