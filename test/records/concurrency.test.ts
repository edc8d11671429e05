/**
 * Records under concurrency: 50 simultaneous creations get 50 distinct consecutive numbers, and
 * 50 simultaneous field edits of one record lose nothing — edits of different fields (and of
 * different keys of a field) all land, edits of the same field leave one writer's complete entry,
 * and the history chains every edit to the one before it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { compiledValidatorCount } from '../../domain/records/schema.js';
import { backend, createRecord, integration } from './support.js';

const sequenceOf = (recordNumber: string) => Number(recordNumber.split('-')[2]);

describe('records: concurrency', function () {
  this.timeout(180_000);
  const tag = randomUUID().slice(0, 8);

  it('50 concurrent creations get 50 distinct consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        integration('intendente', '/records', 'POST', {
          registry_code: 'ORD',
          display_name: `Ordenanza ${tag} ${i}`,
          data: { numero: 1000 + i },
        }),
      ),
    );
    for (const r of results) assert.equal(r.status, 200, r.text);
    const numbers = results.map((r) => r.body.record_number as string);
    assert.equal(new Set(numbers).size, 50, 'distinct');
    for (const n of numbers) assert.match(n, /^RLM-\d{4}-\d{8}-MVE-ORD$/);
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    assert.equal(sequences[49]! - sequences[0]!, 49, `consecutive: ${sequences.join(',')}`);
  });

  it('numbering has its own counter per family, independent of documents', async () => {
    const a = await createRecord('directora-obras', 'LUM', `Luz ${tag} a`);
    const b = await createRecord('directora-obras', 'ARQ', `Arq ${tag} b`);
    const c = await createRecord('directora-obras', 'LUM', `Luz ${tag} c`);
    assert.equal(
      sequenceOf(c.record_number),
      sequenceOf(a.record_number) + 1,
      'an ARQ in between does not advance LUM',
    );
    assert.match(b.record_number, /-MVE-ARQ$/);
  });

  it('50 concurrent edits of different fields and keys all land', async () => {
    const { id } = await createRecord('directora-obras', 'LUM', `Luz concurrente ${tag}`);
    const fields: [string, (i: number) => unknown][] = [
      ['ubicacion', (i) => `Calle ${i}`],
      ['potencia', (i) => i * 10],
      ['estado', (i) => (i % 2 ? 'Apagada' : 'Funcionando')],
      ['fecha_instalacion', (i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')}`],
      ['led', (i) => i % 2 === 0],
    ];
    // Edit i writes field i % 5; the first five of each field write `value`, the rest alternate notes and document_reference.
    const edits = Array.from({ length: 50 }, (_, i) => {
      const [field, valueFor] = fields[i % 5]!;
      const round = Math.floor(i / 5);
      const body =
        round % 3 === 0
          ? { value: valueFor(i) }
          : round % 3 === 1
            ? { notes: `nota ${i}` }
            : { document_reference: `ref ${i}` };
      return { field, body };
    });
    const results = await Promise.all(
      edits.map((e) => integration('directora-obras', `/records/${id}/fields/${e.field}`, 'PATCH', e.body)),
    );
    for (const r of results) assert.equal(r.status, 200, r.text);

    const detail = await backend('directora-obras', `/records/${id}`);
    const data = detail.body.data.data;
    for (const [field] of fields) {
      const mine = edits.filter((e) => e.field === field);
      const written = (key: string) =>
        mine.filter((e) => key in e.body).map((e) => (e.body as Record<string, unknown>)[key]);
      for (const key of ['value', 'notes', 'document_reference']) {
        assert.ok(
          written(key).some((v) => JSON.stringify(v) === JSON.stringify(data[field][key])),
          `${field}.${key} = ${JSON.stringify(data[field][key])} is one of its writes`,
        );
      }
    }
    const history = await integration('directora-obras', `/records/${id}/history?page_size=100`);
    assert.equal(history.body.entries.filter((e: { action: string }) => e.action === 'field_updated').length, 50);
  });

  it('50 concurrent edits of one field leave one complete entry, each edit building on the previous', async () => {
    const { id } = await createRecord('directora-obras', 'LUM', `Luz mismo campo ${tag}`);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        backend('directora-obras', `/records/${id}/fields/ubicacion`, 'PATCH', {
          value: `Calle ${i}`,
          notes: `nota ${i}`,
          document_reference: `ref ${i}`,
        }),
      ),
    );
    for (const r of results) assert.equal(r.status, 200, r.text);
    const entry = (await integration('directora-obras', `/records/${id}`)).body.data.ubicacion;
    const i = Number(String(entry.value).split(' ')[1]);
    assert.deepEqual(
      [entry.value, entry.notes, entry.document_reference],
      [`Calle ${i}`, `nota ${i}`, `ref ${i}`],
      "one writer's entry, not a mix",
    );

    const history = await integration('directora-obras', `/records/${id}/history?page_size=100`);
    const edits = history.body.entries.filter((e: { action: string }) => e.action === 'field_updated').reverse();
    assert.equal(edits.length, 50);
    assert.equal(edits[0].before_value.value, null);
    for (let k = 1; k < edits.length; k++)
      assert.deepEqual(edits[k].before_value, edits[k - 1].after_value, `edit ${k} saw edit ${k - 1}`);
    assert.deepEqual(edits[49].after_value, entry, 'the last edit is what is stored');
  });

  it("a family's schema is compiled once, not per request", async () => {
    await createRecord('directora-obras', 'LUM', `Luz compilada ${tag}`, { potencia: 1 });
    const before = compiledValidatorCount();
    for (let i = 0; i < 5; i++)
      await createRecord('directora-obras', 'LUM', `Luz compilada ${tag} ${i}`, { potencia: i });
    assert.equal(compiledValidatorCount(), before);
  });
});
