/** Creating a record: validated data, the family's initial state and an RLM number from its own counter. */
import { allocateNumber } from '../../db/counters.js';
import { primarySector, type UserContext } from '../context.js';
import { iso } from '../documents/records.js';
import { forbidden } from '../errors.js';
import { formatNumber, yearIn } from '../numbering.js';
import { checkReferencedDocuments } from './documents.js';
import { familyPermissions, requireActiveFamily, schemaSource } from './families.js';
import { actorOf, appendRecordHistory } from './history.js';
import { jsonbText } from './json.js';
import { RECORD_MESSAGES } from './messages.js';
import { dateOnly, emptyEntry, nextExpiration, normalizeCreateData, validateData, type FieldEntry } from './schema.js';

export const RECORD_NUMBER_KIND = 'RLM';

export interface CreateRecordInput {
  registryCode: string;
  displayName: string;
  /** Field name → entry (or a bare value standing for `{value}`). */
  data?: Record<string, unknown>;
}

export async function createRecord(ctx: UserContext, input: CreateRecordInput) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const family = await requireActiveFamily(trx, input.registryCode);
    if (!(await familyPermissions(trx, user, family.id)).can_create) throw forbidden(RECORD_MESSAGES.noCreate);
    const source = schemaSource(ctx.tenant.schema, family);
    const given = normalizeCreateData(input.data ?? {});
    validateData(source, given, 'data.');
    await checkReferencedDocuments(trx, source, given, 'data.');

    // Every field of the schema is stored with every key; verifiable fields start unverified.
    const data: Record<string, FieldEntry> = {};
    for (const name of Object.keys(family.data_schema)) {
      const entry = { ...emptyEntry(), ...given[name] } as FieldEntry;
      entry.expiration_date = dateOnly(entry.expiration_date);
      entry.verified = false;
      data[name] = entry;
    }

    // The number is taken in this transaction: the counter row stays locked until the insert commits.
    const year = yearIn(ctx.services.timeZone);
    const sequence = await allocateNumber(trx, RECORD_NUMBER_KIND, year, family.code);
    const recordNumber = formatNumber(RECORD_NUMBER_KIND, year, sequence, ctx.tenant.municipalityCode, family.code);
    const [row] = await trx('records')
      .insert({
        record_number: recordNumber,
        family_id: family.id,
        display_name: input.displayName,
        state: family.allowed_states[0],
        data: jsonbText(data),
        next_expiration: nextExpiration(data),
        created_by: user.id,
        created_sector_id: primarySector(user)?.sectorId ?? null,
      })
      .returning<{ id: string; state: string; created_at: Date }[]>(['id', 'state', 'created_at']);
    await appendRecordHistory(trx, {
      recordId: row!.id,
      action: 'created',
      actor: actorOf(user),
      after: { record_number: recordNumber, display_name: input.displayName, state: row!.state, data: given },
    });
    return {
      id: row!.id,
      record_number: recordNumber,
      display_name: input.displayName,
      state: row!.state,
      registry_code: family.code,
      registry_name: family.name,
      created_at: iso(row!.created_at),
    };
  });
}
