/**
 * The deadline a signing round of each document type gets when start-signing names none:
 * business days set by an administrator (null: no deadline). Read when a round begins.
 */
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../errors.js';

export interface TypeDeadline {
  acronym: string;
  name: string;
  signing_due_business_days: number | null;
}

const COLUMNS = ['acronym', 'name', 'signing_due_business_days'] as const;

export function listTypeDeadlines(db: TenantDb): Promise<TypeDeadline[]> {
  return db.transaction((trx) =>
    trx('document_types')
      .where({ is_active: true })
      .orderBy('acronym')
      .select<TypeDeadline[]>(...COLUMNS),
  );
}

export async function setTypeDeadline(db: TenantDb, acronym: string, days: unknown): Promise<TypeDeadline> {
  if (days !== null && (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 240)) {
    throw badRequest('signing_due_business_days debe ser un número entero entre 1 y 240, o null');
  }
  return db.transaction(async (trx) => {
    const [row] = await trx('document_types')
      .where({ acronym: acronym.toUpperCase(), is_active: true })
      .update({ signing_due_business_days: days })
      .returning<TypeDeadline[]>([...COLUMNS]);
    if (!row) throw notFound('Tipo de documento no encontrado');
    return row;
  });
}
