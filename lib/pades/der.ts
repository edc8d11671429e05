/**
 * Minimal DER reading and writing for hot paths. PKI.js builds and parses structures once
 * (certificates, ESS attribute, time-stamp requests); per signature the signing service
 * assembles the CMS from cached encodings and walks the time-stamp reply in place, and the
 * platform's verification walks each signature's CMS the same way: a full asn1js parse of a CMS
 * with its certificate chain costs several milliseconds — more than everything else together.
 */

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

export class DerError extends Error {}

export function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One TLV around already-encoded contents. */
export function tlv(tag: number, ...contents: Uint8Array[]): Buffer {
  const total = contents.reduce((s, c) => s + c.length, 0);
  return Buffer.concat([Buffer.from([tag]), length(total), ...contents], 1 + length(total).length + total);
}

export const sequence = (...c: Uint8Array[]) => tlv(TAG.SEQUENCE, ...c);
export const octetString = (bytes: Uint8Array) => tlv(TAG.OCTET_STRING, bytes);
/** Context-specific constructed [n] (also the IMPLICIT form of a SET OF or SEQUENCE). */
export const context = (n: number, ...c: Uint8Array[]) => tlv(0xa0 | n, ...c);

const oidCache = new Map<string, Buffer>();
export function oid(dotted: string): Buffer {
  let der = oidCache.get(dotted);
  if (!der) {
    const arcs = dotted.split('.').map(BigInt);
    const body: number[] = [];
    const push = (v: bigint) => {
      const chunk: number[] = [Number(v & 0x7fn)];
      for (v >>= 7n; v > 0n; v >>= 7n) chunk.unshift(Number(v & 0x7fn) | 0x80);
      body.push(...chunk);
    };
    push(arcs[0]! * 40n + arcs[1]!);
    for (const a of arcs.slice(2)) push(a);
    der = tlv(TAG.OID, Buffer.from(body));
    oidCache.set(dotted, der);
  }
  return der;
}

/** A SET OF in DER order (elements sorted by their encodings). */
export function setOf(elements: Buffer[]): Buffer {
  return tlv(TAG.SET, ...[...elements].sort(Buffer.compare));
}

export interface Node {
  tag: number;
  /** Offset of the tag byte. */
  start: number;
  /** Offset of the first content byte. */
  contentStart: number;
  /** Offset just after the contents. */
  end: number;
}

/** The TLV at `offset` (definite lengths only, as DER requires). */
export function read(buf: Uint8Array, offset: number, limit = buf.length): Node {
  if (offset + 2 > limit) throw new DerError('truncated');
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not expected here');
  let pos = offset + 1;
  const first = buf[pos++]!;
  let len = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 4) throw new DerError('not DER (indefinite or oversized length)');
    len = 0;
    for (let i = 0; i < n; i++) {
      if (pos >= limit) throw new DerError('truncated');
      len = len * 256 + buf[pos++]!;
    }
  }
  if (pos + len > limit) throw new DerError('truncated');
  return { tag, start: offset, contentStart: pos, end: pos + len };
}

export function children(buf: Uint8Array, node: Node): Node[] {
  const out: Node[] = [];
  for (let at = node.contentStart; at < node.end; ) {
    const child = read(buf, at, node.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

export function bytes(buf: Uint8Array, node: Node): Buffer {
  return Buffer.from(buf.buffer, buf.byteOffset + node.start, node.end - node.start);
}

export function content(buf: Uint8Array, node: Node): Buffer {
  return Buffer.from(buf.buffer, buf.byteOffset + node.contentStart, node.end - node.contentStart);
}

export function expect(node: Node | undefined, tag: number, what: string): Node {
  if (!node || node.tag !== tag) throw new DerError(`${what} missing`);
  return node;
}

/** A non-negative INTEGER from its big-endian magnitude (minimal, with a sign byte when needed). */
export function unsignedInteger(magnitude: Uint8Array): Buffer {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i++;
  const body = Buffer.from(magnitude.subarray(i));
  return tlv(TAG.INTEGER, body[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body);
}

export function smallInteger(n: number): Buffer {
  const bytes: number[] = [];
  for (let v = n; ; v = Math.floor(v / 256)) {
    bytes.unshift(v & 0xff);
    if (v < 256) break;
  }
  return unsignedInteger(Buffer.from(bytes));
}

/** GeneralizedTime / UTCTime in UTC, whole seconds (the DER forms). */
export function generalizedTime(d: Date): Buffer {
  return tlv(
    0x18,
    Buffer.from(
      d
        .toISOString()
        .replace(/[-:T]/g, '')
        .replace(/\.\d{3}Z$/, 'Z'),
      'latin1',
    ),
  );
}

export function utcTime(d: Date): Buffer {
  return tlv(
    0x17,
    Buffer.from(
      d
        .toISOString()
        .slice(2)
        .replace(/[-:T]/g, '')
        .replace(/\.\d{3}Z$/, 'Z'),
      'latin1',
    ),
  );
}
