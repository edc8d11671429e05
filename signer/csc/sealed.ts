/**
 * Private keys and TOTP secrets at rest: AES-256-GCM under the service's keys key, with the
 * credential's id as associated data (a sealed key copied into another credential's file does
 * not open). The key is CSC_KEYS_KEY, or outside production a random one kept under
 * DATA_DIR/secrets so a restart reads what it wrote.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Sealed {
  /** base64 of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext. */
  sealed: string;
}

export class KeyBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the keys key must be 32 bytes');
  }

  seal(plain: Buffer, context: string): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { sealed: Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64') };
  }

  open(box: Sealed, context: string): Buffer {
    const raw = Buffer.from(box.sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  }
}

/** The given key, else the development key under `<dataDir>/../secrets/csc-keys.key` (created once, 0600). */
export async function keysKey(given: Buffer | undefined, serviceDir: string): Promise<Buffer> {
  if (given) return given;
  const file = path.join(path.dirname(serviceDir), 'secrets', 'csc-keys.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  } catch {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': when two processes start at once, one writes and both read the same key.
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}
