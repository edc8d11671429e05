/** The PAdES baseline levels the service produces (ETSI EN 319 142-1 §6). */
export const PADES_LEVELS = ['B-T', 'B-LT', 'B-LTA'] as const;
export type PadesLevel = (typeof PADES_LEVELS)[number];
/** The spec's signatures are B-T; B-LT and B-LTA are asked for per request or per tenant. */
export const DEFAULT_PADES_LEVEL: PadesLevel = 'B-T';

export function isPadesLevel(value: string): value is PadesLevel {
  return (PADES_LEVELS as readonly string[]).includes(value);
}
