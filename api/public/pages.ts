/**
 * The public verification pages: server-rendered Spanish HTML, no script, one inline stylesheet
 * allowed by its hash. Every value printed goes through escapeHtml.
 */
import type { TrailEntry } from '../../domain/verification/trail.js';
import { createHash } from 'node:crypto';
import { escapeHtml as e } from '../../lib/html.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import type { ChangeCode } from '../../domain/verification/changes.js';
import type { SignatureReport } from '../../domain/verification/engine.js';
import type { LaterChange } from '../../domain/verification/later-changes.js';
import type { VerificationResult } from '../../domain/verification/public-verifier.js';
import { VERDICT_MESSAGES, type Verdict } from '../../domain/verification/verdict.js';
import { MAX_PAGES_SHOWN, type PagesLayout } from '../../domain/verification/page-images.js';
import { pageImagePath, registeredPdfPath } from './present.js';
import { formatMunicipalTime } from '../../domain/calendar.js';
import { dnAttribute } from '../../domain/verification/dn.js';
import type { PublicSigner } from '../../domain/verification/registry.js';
import type { SignedBy } from '../../domain/verification/signers.js';

const CSS = `body{font-family:system-ui,'DejaVu Sans',sans-serif;margin:0;color:#111;background:#f6f7f9;line-height:1.5}
main{max-width:52rem;margin:0 auto;padding:1.5rem}h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}
form{background:#fff;border:1px solid #ccd;border-radius:6px;padding:1rem;margin:1rem 0}label{display:block;font-weight:600;margin-bottom:.3rem}
input[type=text]{font-size:1.1rem;padding:.4rem;width:14rem;text-transform:uppercase}button{font-size:1rem;padding:.45rem 1rem;margin-left:.4rem}
.verdict{border-radius:6px;padding:1rem 1.2rem;font-size:1.3rem;font-weight:700;border:2px solid}
.ok{background:#e7f6ea;border-color:#1e7b34;color:#0f4d1f}.warn{background:#fff6e0;border-color:#a06800;color:#5c3c00}.bad{background:#fdeaea;border-color:#b3261e;color:#7a1712}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #ccd;padding:.4rem .6rem;text-align:left;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;background:#fff;padding:1rem;border:1px solid #ccd}dt{font-weight:600}dd{margin:0}
.sr{position:absolute;left:-9999px}.hash{font-family:monospace;word-break:break-all}.error{color:#7a1712;font-weight:600}
.compare{background:#fff;border-left:4px solid #1f4e9c;padding:.6rem 1rem}.download{font-size:1.1rem;font-weight:600}
.pages{list-style:none;padding:0;margin:1rem 0}.pages li{margin:0 0 1.5rem}.pages figure{margin:0}
.pages img{display:block;width:100%;height:auto;background:#fff;border:1px solid #99a;box-shadow:0 1px 4px rgba(0,0,0,.2)}
.pages figcaption{text-align:center;font-size:.95rem;color:#333;margin-top:.3rem}
.municipality{font-size:1.1rem;font-weight:700;color:#1f4e9c;margin:0;border-bottom:3px solid #1f4e9c;padding-bottom:.3rem;display:flex;align-items:center;gap:.75rem}
.municipality img{max-height:4rem;max-width:12rem;width:auto;height:auto}`;

/**
 * CSP for these pages: the stylesheet above, images (the registered pages) and forms from this
 * origin, nothing else. `data:` images only for the empty icon each page declares: allowing
 * images from 'self', a browser would otherwise ask for /favicon.ico at every page.
 */
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const TONE: Record<Verdict, 'ok' | 'warn' | 'bad'> = {
  authentic: 'ok',
  authentic_extended: 'ok',
  valid_not_original: 'bad',
  valid_unregistered: 'warn',
  untrusted: 'warn',
  unsigned: 'warn',
  invalid_signature: 'bad',
  modified: 'bad',
};

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><link rel="icon" href="data:,"><style>${CSS}</style></head><body><main>${body}</main></body></html>`;
}

function forms(code = ''): string {
  return `<form method="get" action="/verificar" aria-labelledby="by-code">
<h2 id="by-code">Verificar con el código</h2>
<label for="codigo">Código de verificación (figura al pie del documento)</label>
<input type="text" id="codigo" name="codigo" value="${e(code)}" placeholder="7K3M-Q9XW-2HRT" maxlength="20" autocomplete="off" required><button type="submit">Verificar</button>
</form>
<form method="post" action="/verificar" enctype="multipart/form-data" aria-labelledby="by-file">
<h2 id="by-file">Verificar un archivo PDF</h2>
<label for="pdf_file">Archivo PDF firmado (hasta 10 MB)</label>
<input type="file" id="pdf_file" name="pdf_file" accept="application/pdf,.pdf" required><button type="submit">Verificar archivo</button>
</form>`;
}

export function formPage(options: { error?: string; code?: string } = {}): string {
  const error = options.error ? `<p class="error" role="alert">${e(options.error)}</p>` : '';
  return layout(
    'Verificar un documento oficial',
    `<h1>Verificar un documento oficial</h1>
<p>Compruebe que un documento firmado digitalmente fue emitido por el municipio y no fue alterado.</p>${error}${forms(options.code)}`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Código no encontrado',
    `<h1>Verificar un documento oficial</h1>
<p class="error" role="alert">No se encontró ningún documento con ese código.</p>${forms()}`,
  );
}

function when(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return formatMunicipalTime(iso, timeZone, { dateStyle: 'long', timeStyle: 'medium' });
}

/** Who a certificate names, as a citizen reads it: the name, then the organisation. */
function certificateHolder(dn: string | null): string {
  const name = dnAttribute(dn, 'CN') ?? dn ?? 'desconocido';
  const organisation = dnAttribute(dn, 'O');
  return `${e(name)}${organisation && organisation !== name ? `<br><small>${e(organisation)}</small>` : ''}`;
}

/** Whose the signature is by the register, and whether its certificate is the one recorded for them. */
function signedByText(by: SignedBy | undefined, foreign: boolean): string {
  if (!by) return foreign ? 'Ningún firmante registrado' : '—';
  if (by.signatureKind === 'seal') return `Sello del municipio<br><small>${e(by.name)}</small>`;
  return by.certificateMatches
    ? `${e(by.name)}<br><small>Firma personal con el certificado registrado de quien firmó</small>`
    : `${e(by.name)}<br><small class="error">El certificado no es el registrado para quien firmó</small>`;
}

function signatureRow(s: SignatureReport, timeZone: string, foreign: boolean, by: SignedBy | undefined): string {
  const state =
    !s.signatureValid || !s.digestValid || !s.coversRevision
      ? 'Firma inválida'
      : s.modifiedAfter
        ? 'Firma válida, pero el archivo cambió después'
        : !s.trusted
          ? 'Firma válida, de un certificado que no se reconoce'
          : foreign
            ? 'Firma válida, pero de un certificado con el que el municipio no firma'
            : by?.certificateMatches === false
              ? 'Firma válida, pero no con el certificado registrado de quien firmó'
              : 'Firma válida';
  // Without a time-stamp the time is the signer's own claim: said so, so it does not read as a flaw of a valid signature.
  const ts = s.timestamp
    ? `${e(when(s.timestamp.time, timeZone))}<br><small>Autoridad: ${e(dnAttribute(s.timestamp.authority, 'CN') ?? s.timestamp.authority ?? 'desconocida')}${s.timestamp.valid ? '' : ' (sello inválido)'}</small>`
    : 'No tiene: la hora la declara quien firma';
  return `<tr><th scope="row">${e(s.fieldName)}</th><td>${certificateHolder(s.signerSubject)}<br><small>Certificado emitido por ${e(dnAttribute(s.signerIssuer, 'CN') ?? s.signerIssuer ?? 'desconocido')}</small></td>
<td>${s.kind === 'signature' ? signedByText(by, foreign) : '—'}</td><td>${e(when(s.signingTime, timeZone))}</td><td>${ts}</td><td>${e(state)}</td></tr>`;
}

/**
 * How a recorded signer signed: "Firma personal — certificado de <CN> (CUIT …)" from the
 * certificate recorded as theirs, or the municipality's seal; `found` false: that certificate
 * signs nothing in the file.
 */
function howSigned(s: PublicSigner, found: boolean | null): string {
  if (s.signatureKind === 'seal') return 'Sello del municipio';
  if (s.signatureKind !== 'personal') return '—';
  const cert = s.certificate;
  const holder = cert ? (dnAttribute(cert.subject, 'CN') ?? cert.subject) : null;
  const serial = cert ? dnAttribute(cert.subject, 'SERIALNUMBER') : null;
  const cuit = serial ? ` (${/^CUIT/i.test(serial) ? serial : `CUIT ${serial}`})` : '';
  const text = holder ? `Firma personal — certificado de ${e(holder)}${e(cuit)}` : 'Firma personal';
  return found === false
    ? `${text}<br><small class="error">Ninguna firma del archivo está hecha con este certificado</small>`
    : text;
}

/** The sentence that tells the holder of a copy what to do with the pages shown. */
export const COMPARE_TEXT =
  'Compare el documento que tiene con estas páginas: si el texto difiere, su copia no es el documento registrado.';

/**
 * The registered document itself: its download and an image of each of its first pages, drawn
 * from the official file (not from what was uploaded). `layout` null: the pages could not be
 * drawn, the download remains.
 */
function registeredPages(code: string, layout: PagesLayout | null): string {
  const download = `<p><a class="download" href="${e(registeredPdfPath(code))}" download>Descargar el documento registrado (PDF)</a></p>`;
  if (!layout) {
    return `<section aria-labelledby="registered-pages"><h2 id="registered-pages">El documento registrado</h2>
<p>No se pueden mostrar aquí las páginas de este documento: descárguelo y compárelo con el que tiene.</p>${download}</section>`;
  }
  const total = layout.count;
  const more =
    total > layout.shown.length
      ? `<p>Se muestran las primeras ${layout.shown.length} de ${total} páginas (hasta ${MAX_PAGES_SHOWN}); las demás están en el documento descargado.</p>`
      : '';
  const images = layout.shown.map((p, i) => {
    const label = `Página ${p.number} de ${total}`;
    // The first page loads with the result; the others as the reader scrolls to them.
    return `<li><figure><img src="${e(pageImagePath(code, p.number))}" alt="${e(label)}" width="${p.width}" height="${p.height}"${i > 0 ? ' loading="lazy"' : ''}><figcaption>${e(label)}</figcaption></figure></li>`;
  });
  return `<section aria-labelledby="registered-pages"><h2 id="registered-pages">El documento registrado</h2>
<p class="compare">${e(COMPARE_TEXT)}</p>${download}${more}
<ol class="pages">
${images.join('\n')}
</ol></section>`;
}

/** The issuing municipality's logo as the page shows it: its address and size in pixels. */
export interface PageLogo {
  url: string;
  width: number;
  height: number;
}

export interface ResultPageOptions {
  timeZone: string;
  uploaded: boolean;
  /** The issuing municipality's logo, beside its name (undefined: it has none). */
  logo?: PageLogo;
  /** The registered document's pages (undefined: none is shown, as when no document matched). */
  pages?: PagesLayout | null;
}

/** How each kind of modification reads on the page. */
const CHANGE_LABELS: Record<ChangeCode, string> = {
  content_changed: 'Cambia el contenido de la página',
  page_changed: 'Cambia la página',
  page_added: 'Agrega una página',
  annotation_added: 'Agrega algo visible sobre la página (una anotación o un campo)',
  annotations_changed: 'Cambia lo que se muestra sobre la página (anotaciones o campos)',
  form_changed: 'Cambia el formulario del documento',
  field_changed: 'Cambia un campo de firma o el sello del número',
  catalog_changed: 'Cambia la estructura del documento',
  validation_data_changed: 'Cambia los datos de validación de una firma anterior',
  object_changed: 'Cambia un objeto del documento',
  object_removed: 'Elimina un objeto del documento',
  trailer_changed: 'Reemplaza la estructura del documento',
  unreadable_revision: 'Agrega una revisión que no se puede leer',
  trailing_data: 'Agrega datos después del final del archivo',
};

function laterChangeText(c: LaterChange): string {
  if (c.kind === 'signature') return `Firma ${e(c.field ?? '')} de ${e(c.signer ?? 'firmante desconocido')}`;
  if (c.kind === 'timestamp') return `Sello de tiempo ${e(c.field ?? '')} de ${e(c.signer ?? 'autoridad desconocida')}`;
  if (c.kind === 'validation_data') return 'Datos de validación (certificados, respuestas OCSP, listas de revocación)';
  if (c.kind === 'metadata') return 'Cambia los metadatos del archivo (título, autor, fechas)';
  if (c.kind === 'empty_field') return 'Agrega un campo de firma vacío';
  if (c.kind === 'unchanged') return 'Guarda el archivo otra vez sin cambiar su contenido';
  const where = [c.page !== null ? `página ${c.page}` : null, c.object !== null ? `objeto ${c.object}` : null]
    .filter(Boolean)
    .join(', ');
  return `${e(c.code ? CHANGE_LABELS[c.code] : 'Cambio')}${where ? ` (${e(where)})` : ''}<br><small>${e(c.detail ?? '')}</small>`;
}

/** What the file holds beyond the registered original (or, unregistered, beyond its first signature). */
function laterChangesTable(result: VerificationResult, registered: boolean): string {
  const title = registered
    ? 'Qué tiene el archivo además del original registrado'
    : 'Qué cambió después de la primera firma';
  return `<h2>${title}</h2><table><thead><tr><th scope="col">Revisión</th><th scope="col">Cambio</th></tr></thead><tbody>
${result.changes.map((c) => `<tr><td>${c.revision}</td><td>${laterChangeText(c)}</td></tr>`).join('\n')}</tbody></table>`;
}

const TRAIL_LABELS: Record<TrailEntry['event'], string> = {
  created: 'Creado',
  sent_to_sign: 'Enviado a firmar',
  signed: 'Firmado',
  officialized: 'Oficializado',
};

/** The document's trail (domain/verification/trail.ts), oldest first; nothing when it has none recorded. */
function trailTable(trail: TrailEntry[], tz: string): string {
  if (!trail.length) return '';
  const detail = (t: TrailEntry) =>
    t.event === 'signed' ? e(t.signer ?? '') : t.event === 'officialized' ? `con el número ${e(t.number ?? '')}` : '';
  return `<h2>Historial</h2><table><caption class="sr">Historial del documento</caption><thead><tr><th scope="col">Qué</th><th scope="col">Detalle</th><th scope="col">Cuándo</th></tr></thead><tbody>
${trail.map((t) => `<tr data-trail="${t.event}"><td>${TRAIL_LABELS[t.event]}</td><td>${detail(t)}</td><td>${e(when(t.at, tz))}</td></tr>`).join('\n')}</tbody></table>`;
}

export function resultPage(result: VerificationResult, options: ResultPageOptions): string {
  const { verdict, document: doc, report } = result;
  const tz = options.timeZone;
  const registered = doc
    ? `<h2>Documento registrado</h2><dl>
<dt>Número</dt><dd>${e(doc.documentNumber)}</dd>
<dt>Tipo</dt><dd>${e(doc.documentType)}</dd>
<dt>Fecha</dt><dd>${e(when(doc.officializedAt, tz))}</dd>
<dt>Municipio</dt><dd>${e(doc.municipality)}</dd>
<dt>Código de verificación</dt><dd>${e(formatVerificationCode(doc.code))}</dd>
</dl>
<h2>Firmantes</h2><table><caption class="sr">Firmantes registrados</caption><thead><tr><th scope="col">Nombre</th><th scope="col">Cómo firmó</th><th scope="col">Firmó</th></tr></thead><tbody>
${doc.signers.map((s, i) => `<tr><td>${e(s.name)}</td><td>${howSigned(s, result.registration?.attribution.certificateFound[i] ?? null)}</td><td>${e(when(s.signedAt, tz))}</td></tr>`).join('\n')}</tbody></table>${trailTable(doc.trail, tz)}`
    : options.uploaded
      ? '<p>El archivo no corresponde a ningún documento registrado en esta plataforma.</p>'
      : '';
  const match =
    result.matchesOriginal === true
      ? `<p><strong>${options.uploaded ? 'El archivo es idéntico al original registrado' : 'El original registrado no fue alterado'}</strong> (SHA-256 <span class="hash">${e(report.sha256)}</span>).</p>`
      : result.matchesOriginal === false
        ? `<p>El archivo (SHA-256 <span class="hash">${e(report.sha256)}</span>) no es idéntico al original registrado (SHA-256 <span class="hash">${e(doc!.officialSha256)}</span>).</p>`
        : '';
  const signatures = report.signatures.length
    ? `<h2>Firmas digitales del archivo</h2><table><thead><tr><th scope="col">Firma</th><th scope="col">Quién firmó</th><th scope="col">Firmante registrado</th><th scope="col">Cuándo, según quien firma</th><th scope="col">Hora certificada por una autoridad (sello de tiempo)</th><th scope="col">Resultado</th></tr></thead><tbody>
${report.signatures.map((s) => signatureRow(s, tz, result.registration?.foreignSigners.includes(s.fieldName) ?? false, result.registration?.attribution.signedBy.get(s.fieldName))).join('\n')}</tbody></table>`
    : '';
  const changes = result.changes.length && verdict !== 'authentic' ? laterChangesTable(result, doc !== null) : '';
  const logo = options.logo
    ? `<img src="${e(options.logo.url)}" alt="Logo de ${e(doc?.municipality ?? '')}" width="${options.logo.width}" height="${options.logo.height}">`
    : '';
  const issuer = doc ? `<p class="municipality">${logo}<span>${e(doc.municipality)}</span></p>` : '';
  return layout(
    `${VERDICT_MESSAGES[verdict]} — Verificación`,
    `${issuer}<h1>Resultado de la verificación</h1>
<section aria-labelledby="verdict"><p id="verdict" class="verdict ${TONE[verdict]}" role="status" data-verdict="${verdict}">${e(VERDICT_MESSAGES[verdict])}</p>${match}</section>
${changes}${registered}${doc && options.pages !== undefined ? registeredPages(doc.code, options.pages) : ''}${signatures}<h2>Verificar otro documento</h2>${forms()}`,
  );
}
