/**
 * Registers the project's search attributes on the namespace if any is missing. The dev server
 * gets them from its start flags; a real cluster (TEMPORAL_ADDRESS) gets them here, at worker
 * start, so no manual operator step is needed.
 */
import proto from '@temporalio/proto';
import type { NativeConnection } from '@temporalio/worker';
import { ALL_SEARCH_ATTRIBUTES } from '../contract/search-attributes.js';

export async function ensureSearchAttributes(connection: NativeConnection, namespace: string): Promise<string[]> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known = new Set([
    ...Object.keys(existing.customAttributes ?? {}),
    ...Object.keys(existing.systemAttributes ?? {}),
  ]);
  const missing = ALL_SEARCH_ATTRIBUTES.filter((k) => !known.has(k.name));
  if (missing.length === 0) return [];
  await addSearchAttributes(connection, namespace, missing);
  return missing.map((k) => k.name);
}

/** Registers `keys` (Temporal's test server implements this call but not the listing). */
export async function addSearchAttributes(
  connection: NativeConnection,
  namespace: string,
  keys: readonly (typeof ALL_SEARCH_ATTRIBUTES)[number][] = ALL_SEARCH_ATTRIBUTES,
): Promise<void> {
  await connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(
      keys.map((k) => [k.name, proto.temporal.api.enums.v1.IndexedValueType[`INDEXED_VALUE_TYPE_${k.type}`]]),
    ),
  });
}
