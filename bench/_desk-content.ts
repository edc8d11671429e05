/**
 * A municipality's desk as Lucía Fernández (Obras Particulares) finds it on an ordinary morning,
 * made through the HTTP APIs on the test stack: documents signed, waiting for her signature and in
 * draft; permit cases; notes to her sector and memos to her; street-light records. Shared by
 * `bench:web` (timed screens) and `desk:gallery` (screenshots). Uses the test suites' fixture
 * helpers, so the stack is started as the suites start it.
 */
import assert from 'node:assert/strict';
import { template, createCase } from '../test/support/cases.js';
import { sendMemo, sendNote, signAll, startSigning } from '../test/support/communications.js';
import { createBackendDraft, prepareIntegrationDraft } from '../test/support/documents.js';
import { getStack, mochaGlobalSetup, mochaGlobalTeardown } from '../test/support/hooks.js';
import { asBackend, request } from '../test/support/http.js';
import { createRecord } from '../test/records/support.js';
import type { TestStack } from '../test/support/stack.js';
import type { DeskUser } from '../test/web/support.js';

export const LUCIA: DeskUser = { email: 'lucia.fernandez@villaesperanza.gob.ar', name: 'Lucía Fernández' };

/** The test stack as the suites get it (so their helpers work); stop it with `stopDeskStack`. */
export async function startDeskStack(): Promise<TestStack> {
  await mochaGlobalSetup();
  return getStack();
}

export const stopDeskStack = (): Promise<void> => mochaGlobalTeardown();

export interface DeskContent {
  /** Signed by Jorge Peña and Lucía: the document shown with its signers. */
  signed: { id: string; number: string; reference: string; verificationCode: string };
  /** Waiting for Lucía's signature (Inicio's first pending row). */
  pendingReference: string;
  /** The newest of Lucía's drafts (the documents list's first row). */
  draftReference: string;
  firstCase: { id: string; number: string; reference: string };
  note: { id: string; reference: string };
  memo: { id: string; reference: string };
  record: { id: string; number: string; name: string };
}

/** Documents, cases, notes, memos and records for Lucía; `drafts` more drafts to fill the documents list. */
export async function seedDeskContent(options: { drafts?: number } = {}): Promise<DeskContent> {
  // Signed and numbered: inspector first, the director numbers.
  const signedReference = 'Informe de inspección de obra, Güemes 1450';
  const signedId = await prepareIntegrationDraft('agente-obras', ['agente-obras', 'directora-obras'], {
    reference: signedReference,
  });
  await startSigning(signedId, 'agente-obras');
  const signed = await signAll(signedId, ['agente-obras', 'directora-obras']);
  assert.equal(signed.status, 'signed');
  const details = await request(`/api/v1/documents/${signedId}/signature-details`, {
    headers: asBackend('directora-obras'),
  });
  assert.equal(details.status, 200, details.text);

  // Waiting for her signature.
  const pending = [
    'Dictamen técnico, ampliación Belgrano 220',
    'Acta de constatación, obra sin permiso en Sarmiento 88',
  ];
  for (const reference of pending) {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras'], { reference });
    await startSigning(id, 'agente-obras');
  }

  // Her drafts (the last is the newest).
  const drafts = [
    ...Array.from({ length: options.drafts ?? 0 }, (_, i) => `Informe de relevamiento ${i + 1}`),
    'Providencia de pase a Rentas',
    'Informe de factibilidad, loteo Barrio Norte',
  ];
  for (const reference of drafts) await createBackendDraft('directora-obras', { reference });

  // Permit cases of her secretariat (each signs its cover in the background).
  const cases = [
    'Permiso de obra, vivienda unifamiliar en Güemes 1450',
    'Permiso de obra, ampliación comercial en Belgrano 220',
    'Permiso de demolición, Sarmiento 88',
  ];
  const created = [];
  for (const reference of cases)
    created.push(await createCase('directora-obras', { case_template_id: template('PEROB'), reference }));

  // Notes to Obras Particulares and memos to her.
  const note = await sendNote(
    'jefa-mesa',
    { to: ['DOP'] },
    { reference: 'Ingreso de planos, expediente de Güemes 1450' },
  );
  await sendNote(
    'directora-rentas',
    { to: ['DOP'], cc: ['MESA'] },
    { reference: 'Deuda de tasas de obra, padrón 10452', signers: ['directora-rentas'] },
  );
  const memo = await sendMemo(
    'intendente',
    { to: ['directora-obras'] },
    { reference: 'Prioridad de inspecciones en el centro' },
  );
  await sendMemo(
    'jefa-mesa',
    { to: ['directora-obras'], cc: ['agente-obras'] },
    { reference: 'Horario de atención de Obras en diciembre' },
  );

  // Street lights of her registry.
  const record = await createRecord('directora-obras', 'LUM', 'Luminaria Plaza San Martín, esquina noreste', {
    ubicacion: 'Plaza San Martín, esquina Güemes y Belgrano',
  });
  await createRecord('directora-obras', 'LUM', 'Luminaria Avenida Sarmiento 900');
  await createRecord('directora-obras', 'LUM', 'Columna de alumbrado, Barrio Norte');

  return {
    signed: {
      id: signedId,
      number: signed.document_number,
      reference: signedReference,
      verificationCode: details.body.data.verification_code as string,
    },
    pendingReference: pending[pending.length - 1]!,
    draftReference: drafts[drafts.length - 1]!,
    firstCase: { id: created[0]!.case_id, number: created[0]!.case_number, reference: cases[0]! },
    note: { id: note.id, reference: 'Ingreso de planos, expediente de Güemes 1450' },
    memo: { id: memo.id, reference: 'Prioridad de inspecciones en el centro' },
    record: { id: record.id, number: record.record_number, name: record.display_name },
  };
}
