/**
 * What an operator sees in the Temporal Web UI after case movements with their PV: refused
 * requests (an unknown case, a bad body) leave no Failed providence run in the municipality's
 * list, and the accepted one is listed, with its case number in the CaseNumber column, and shows
 * its summary ("Pase con providencia de EE-…") on its page instead of a UUID.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { workflowIds } from '../../contract/ids.js';
import { createCase } from '../support/cases.js';
import { getStack, useTemporalWebUi } from '../support/hooks.js';
import { asIntegration, demoSector, request } from '../support/http.js';
import { until } from '../support/until.js';

useTemporalWebUi();

const NAMESPACE = 'default';

describe('the Temporal Web UI after case movements with their PV (browser)', function () {
  this.timeout(90_000);
  let browser: Browser | undefined;
  let page: Page;
  let ui = '';
  let shots = '';

  before(async function () {
    const url = getStack().temporalUiUrl;
    // A stack on an outside Temporal (TEMPORAL_ADDRESS) has no UI of its own to open.
    if (!url) this.skip();
    ui = url;
    await until(
      'the Temporal Web UI answers',
      async () => ((await fetch(ui).catch(() => undefined))?.ok ? true : undefined),
      30_000,
    );
    browser = await chromium.launch({ executablePath: getStack().config.chromiumPath, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
    page.setDefaultTimeout(20_000);
    shots = mkdtempSync(path.join(os.tmpdir(), 'expediente-temporal-ui-'));
    process.stderr.write(`      screenshots: ${shots}\n`);
  });
  after(async () => {
    await browser?.close();
  });

  /** The namespace's workflow list for a visibility query, as the UI's address carries it. */
  const list = (query: string) =>
    page.goto(`${ui}/namespaces/${NAMESPACE}/workflows?query=${encodeURIComponent(query)}`);

  it('refused movements leave no Failed providence run; the accepted one is listed with its case number and shows its summary', async () => {
    const tenant = getStack().demoTenant.schema;
    const c = await createCase('agente-obras', { reference: `Pase visto por operadores ${randomUUID().slice(0, 8)}` });
    const pv = { create_official_doc: true };
    const refusals: [string, unknown, number][] = [
      [
        `/api/v1/cases/${randomUUID()}/assign`,
        { target_sector_id: demoSector('RENT'), reason: 'Revisión de tasas', ...pv },
        404,
      ],
      [
        `/api/v1/cases/${randomUUID()}/transfer`,
        { target_sector_id: demoSector('RENT'), reason: 'Pase a Rentas', ...pv },
        404,
      ],
      [
        `/api/v1/cases/${c.case_id}/assign`,
        { target_sector_id: 'no-es-un-uuid', reason: 'Revisión de tasas', ...pv },
        400,
      ],
      [`/api/v1/cases/${c.case_id}/transfer`, { reason: 'Pase sin destino', ...pv }, 400],
    ];
    for (const [url, json, status] of refusals) {
      const res = await request(url, { method: 'POST', headers: asIntegration('agente-obras'), json });
      assert.equal(res.status, status, `${url}: ${res.text}`);
    }
    const accepted = await request(`/api/v1/cases/${c.case_id}/transfer`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { target_sector_id: demoSector('RENT'), reason: 'Pase a Rentas', ...pv },
    });
    assert.equal(accepted.status, 200, accepted.text);
    // The run's ID names its case, so the list reads a number, not only a UUID.
    const workflowId = workflowIds.providence(tenant, c.case_number, accepted.body.movement_id);
    assert.ok(workflowId.includes(`/${c.case_number}/`));
    await getStack().client.workflow.getHandle(workflowId).result();

    // The municipality's providence runs: the accepted one Completed (visibility may lag a moment
    // behind the run, so the list is asked again until it shows), none Failed.
    const providenceRuns = `Tenant="${tenant}" AND WorkflowType="providenceWorkflow"`;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: workflowId, exact: true }) });
    await until(
      'the accepted run listed as Completed',
      async () => {
        await list(providenceRuns);
        await page.getByRole('table').first().waitFor();
        return (await row.filter({ hasText: 'Completed' }).count()) === 1 ? true : undefined;
      },
      30_000,
    );
    assert.equal(
      await page
        .getByRole('row')
        .filter({ hasText: /\bFailed\b/ })
        .count(),
      0,
      'no Failed providence run listed',
    );

    // The case number beside it: the CaseNumber search attribute added as a column, as an operator does.
    await page.getByTestId('workflows-summary-table-configuration-button').click();
    await page.getByTestId('orderable-list-item-CaseNumber-add-button').click();
    // Moved up beside the workflow ID (past End, Start, Type and Run ID).
    for (let i = 0; i < 4; i++) await page.getByTestId('orderable-list-item-CaseNumber-move-up-button').click();
    await page.getByTestId('drawer-close-button').click();
    await page.getByTestId('drawer-close-button').waitFor({ state: 'hidden' });
    await row.getByText(c.case_number, { exact: true }).waitFor();
    await page.screenshot({ path: path.join(shots, 'providence-runs.png'), fullPage: true });

    // Filtered to Failed runs, the list is empty.
    await list(`${providenceRuns} AND ExecutionStatus="Failed"`);
    await page.getByRole('heading', { name: 'No Results' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /^providence\// }).count(), 0, 'no run in the Failed view');
    await page.screenshot({ path: path.join(shots, 'failed-providence-runs.png'), fullPage: true });

    // Its page: the summary under User Metadata (rendered in the UI's sandboxed frame).
    await list(providenceRuns);
    await row.getByRole('link', { name: workflowId, exact: true }).click();
    await page.getByRole('heading', { name: workflowId }).waitFor();
    await page
      .getByRole('link', { name: 'User Metadata' })
      .or(page.getByRole('tab', { name: 'User Metadata' }))
      .first()
      .click();
    await page
      .frameLocator('iframe[title="output"]')
      .first()
      .getByText(`Pase con providencia de ${c.case_number}`, { exact: true })
      .waitFor();
    await page.screenshot({ path: path.join(shots, 'providence-run-summary.png'), fullPage: true });
  });
});
