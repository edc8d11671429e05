/** Distinguished names as text ("CN=Ana Pérez, serialNumber=CUIT 27123456780, O=Municipio, C=AR"). */

/** Short names by OID, for a name printed with numeric attribute types. */
const NAMES: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.5': 'SERIALNUMBER', '2.5.4.10': 'O', '2.5.4.6': 'C' };

/** One attribute of a distinguished name (case-insensitive type, commas escaped or not); null when absent. */
export function dnAttribute(dn: string | null, name: string): string | null {
  if (!dn) return null;
  const wanted = name.toUpperCase();
  for (const part of dn.split(/(?<!\\),\s*/)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const type = part.slice(0, at).trim();
    if ((NAMES[type] ?? type.toUpperCase()) === wanted)
      return part
        .slice(at + 1)
        .replace(/\\(.)/g, '$1')
        .trim();
  }
  return null;
}

/**
 * Two names of the same holder, however each was printed: the same common name and the same
 * serialNumber (the CUIT; or neither has one).
 */
export function sameHolder(a: string | null, b: string | null): boolean {
  const cn = dnAttribute(a, 'CN');
  return (
    cn !== null && cn === dnAttribute(b, 'CN') && dnAttribute(a, 'SERIALNUMBER') === dnAttribute(b, 'SERIALNUMBER')
  );
}
