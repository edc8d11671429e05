import { v5 as uuidv5 } from 'uuid';

const NAMESPACE = '6f1c1d0e-4b5a-5c2e-9a7d-2f0b8c1e3d4a';

/** UUIDv5 of a stable name: seeded rows get the same id on every machine and every run. */
export const stableId = (kind: string, key: string) => uuidv5(`${kind}:${key}`, NAMESPACE);
