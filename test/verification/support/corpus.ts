/**
 * The verification corpus: official documents the platform signs end to end (real stack), and
 * files derived from them — a flipped byte, an annotation appended after signing, one more
 * signature, a signature by a certificate the platform does not trust, a file with none.
 */
import assert from 'node:assert/strict';
import { signPdf } from '../../../activities/signing-service.js';
import { type PdfDict, PdfRef, PdfString, dict, name } from '../../../lib/pdf/objects.js';
import { PdfReader } from '../../../lib/pdf/reader.js';
import { IncrementalUpdate } from '../../../signer/pdf/incremental.js';
import { getStack } from '../../support/hooks.js';
import { asIntegration, request } from '../../support/http.js';
import { prepareIntegrationDraft } from '../../support/documents.js';
import { verificationCodeOf } from '../../support/verification-codes.js';

export interface OfficialDocument {
  id: string;
  number: string;
  code: string;
  pdf: Buffer;
}

/** Signs `signers` in order (the last numbers) and returns the official PDF and its code. */
export async function officialDocument(
  signers: string[],
  reference = 'Informe verificable',
): Promise<OfficialDocument> {
  const id = await prepareIntegrationDraft('intendente', signers, { reference });
  const started = await request(`/api/v1/documents/${id}/start-signing`, {
    method: 'POST',
    headers: asIntegration('intendente'),
  });
  assert.equal(started.status, 200, started.text);
  let number = '';
  for (const signer of signers) {
    const signed = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(signer) });
    assert.equal(signed.status, 200, signed.text);
    number = signed.body.document_number ?? number;
  }
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('intendente') });
  assert.equal(url.status, 200, url.text);
  const pdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
  return { id, number, code: await verificationCodeOf(id), pdf };
}

/** One byte changed inside the first revision's page content (covered by every signature). */
export function flipByteInSignedRange(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('stream', 200, 'latin1');
  assert.ok(at > 0);
  copy[at + 40] = copy[at + 40]! ^ 0xff;
  return copy;
}

/** An incremental update that adds a square annotation to the first page (a real change). */
export function appendAnnotation(pdf: Buffer): Buffer {
  const reader = new PdfReader(pdf);
  const root = reader.resolveDict(reader.trailer.get('Root'))!;
  const pages = reader.resolveDict(root.get('Pages'))!;
  const pageRef = (reader.resolve(pages.get('Kids')) as PdfRef[])[0]!;
  const update = new IncrementalUpdate(reader);
  const annot = update.add(
    dict({
      Type: name('Annot'),
      Subtype: name('Square'),
      Rect: [100, 400, 300, 500],
      C: [1, 0, 0],
      F: 4,
      P: pageRef,
      Contents: PdfString.text('Agregado después de firmar'),
    }),
  );
  const page = (reader.getObject(pageRef.num) as PdfDict).clone();
  const annots = page.get('Annots');
  if (annots instanceof PdfRef) {
    update.set(annots, [...(reader.resolve(annots) as PdfRef[]), annot]);
  } else {
    page.set('Annots', [...((annots as PdfRef[] | undefined) ?? []), annot]);
    update.set(pageRef, page);
  }
  return Buffer.concat([pdf, update.build().bytes]);
}

/** One more PAdES signature by the stack's signing service (trusted certificate). */
export function signAgain(pdf: Buffer, name = 'Firmante Adicional'): Promise<Buffer> {
  const stack = getStack();
  return signPdf(stack.config.signer, {
    pdf,
    fileName: 'documento.pdf',
    tenantId: 'demo',
    signer: { name, seal: 'Agente municipal', department: 'Mesa de Entradas', entity: stack.demoTenant.displayName },
  });
}

/** An incremental update adding only an empty signature field (what a visual signature adds). */
export function appendEmptySignatureField(pdf: Buffer): Buffer {
  const reader = new PdfReader(pdf);
  const rootRef = reader.trailer.get('Root') as PdfRef;
  const root = reader.resolveDict(rootRef)!;
  const pages = reader.resolveDict(root.get('Pages'))!;
  const pageRef = (reader.resolve(pages.get('Kids')) as PdfRef[])[0]!;
  const update = new IncrementalUpdate(reader);
  const field = update.add(
    dict({
      Type: name('Annot'),
      Subtype: name('Widget'),
      FT: name('Sig'),
      T: PdfString.text('FirmaPendiente'),
      Rect: [0, 0, 0, 0],
      F: 132,
      P: pageRef,
    }),
  );
  const appendTo = (owner: PdfRef, holder: PdfDict, key: string) => {
    const current = holder.get(key);
    if (current instanceof PdfRef) return update.set(current, [...(reader.resolve(current) as PdfRef[]), field]);
    const copy = (update.current(owner) as PdfDict).clone();
    copy.set(key, [...((current as PdfRef[] | undefined) ?? []), field]);
    update.set(owner, copy);
  };
  const form = root.get('AcroForm');
  assert.ok(form instanceof PdfRef, 'signed documents carry an indirect /AcroForm');
  appendTo(form, reader.resolveDict(form)!, 'Fields');
  appendTo(pageRef, reader.resolveDict(pageRef)!, 'Annots');
  return Buffer.concat([pdf, update.build().bytes]);
}
