/**
 * The catalog every tenant starts with: the document types and their number prefixes. The
 * platform itself creates CAEX (case covers), PV (providences) and IFRLM (record reports), so a
 * municipality cannot work without them; each municipality may add or deactivate types later.
 */
import type { Tx } from '../tenancy.js';
import { stableId } from './stable-id.js';

export const BASE_DOCUMENT_TYPES = [
  { acronym: 'INF', prefix: 'IF', name: 'Informe', description: 'Informe técnico o administrativo', signerRoles: null },
  { acronym: 'DICT', prefix: 'DICT', name: 'Dictamen', description: 'Dictamen jurídico o técnico', signerRoles: null },
  {
    acronym: 'RESO',
    prefix: 'RESO',
    name: 'Resolución',
    description: 'Acto administrativo resolutivo; lo firman directores',
    signerRoles: ['director'],
  },
  { acronym: 'NOTA', prefix: 'NO', name: 'Nota', description: 'Comunicación entre sectores', signerRoles: null },
  {
    acronym: 'MEMO',
    prefix: 'MEMO',
    name: 'Memorándum',
    description: 'Comunicación privada entre personas',
    signerRoles: null,
  },
  {
    acronym: 'CAEX',
    prefix: 'CAEX',
    name: 'Carátula de expediente',
    description: 'Carátula generada al crear un expediente',
    signerRoles: null,
  },
  {
    acronym: 'IFRLM',
    prefix: 'IFRLM',
    name: 'Informe de legajo',
    description: 'Informe generado desde un legajo',
    signerRoles: null,
  },
  {
    acronym: 'PV',
    prefix: 'PV',
    name: 'Providencia',
    description: 'Providencia de pase generada en un movimiento de expediente',
    signerRoles: null,
  },
] as const;

/** Inserts the missing base document types (never changes existing ones). */
export async function seedBaseCatalog(trx: Tx): Promise<void> {
  await trx('document_types')
    .insert(
      BASE_DOCUMENT_TYPES.map((t) => ({
        id: stableId('document-type', t.acronym),
        acronym: t.acronym,
        number_prefix: t.prefix,
        name: t.name,
        description: t.description,
        signer_roles: t.signerRoles ? [...t.signerRoles] : null,
      })),
    )
    .onConflict('acronym')
    .ignore();
}
