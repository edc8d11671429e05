import assert from 'node:assert/strict';
import { scopeTransaction, tenantDb } from '../../db/tenancy.js';
import { verificationCodes } from '../../db/migrations/tenant/006_verification_codes.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';
import { officialDocument } from './support/corpus.js';

describe('verification: documents made official before codes existed', function () {
  this.timeout(120_000);

  it('migration 006 gives them a code and indexes their render, so an uploaded copy is authentic', async () => {
    const stack = getStack();
    const old = await officialDocument(['intendente'], 'Informe anterior a los códigos');
    // Back to the state before migration 006 (its down), then the migration as deployed (its up).
    await stack.db.transaction(async (trx) => {
      await scopeTransaction(trx, stack.demoTenant.schema);
      await verificationCodes.down(trx);
      const tables = await trx.raw<{ rows: unknown[] }>(
        `select 1 from pg_tables where schemaname = ? and tablename = 'document_verification_codes'`,
        [stack.demoTenant.schema],
      );
      assert.equal(tables.rows.length, 0);
      await verificationCodes.up(trx);
    });
    const row = await tenantDb(stack.db, stack.demoTenant).transaction((trx) =>
      trx('document_verification_codes').where({ document_id: old.id }).first<{ code: string }>('code'),
    );
    assert.ok(row && row.code !== old.code, 'a new code, allocated by the migration');

    const form = new FormData();
    form.set('pdf_file', new Blob([new Uint8Array(old.pdf)], { type: 'application/pdf' }), 'anterior.pdf');
    const res = await request('/api/v1/public/verify', { method: 'POST', form });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.verdict, 'authentic');
    assert.equal(res.body.document.document_number, old.number);
    assert.equal(res.body.document.verification_code.replace(/-/g, ''), row.code);
  });
});
