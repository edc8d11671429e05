/**
 * oidc-provider storage adapter backed by one JSON file, so sessions, grants, refresh tokens and
 * dynamically registered clients survive a restart of the development provider. All models
 * share one in-memory map; lookups by uid/grantId scan it, which is fine at development scale.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { JsonFile } from './json-file.js';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; absent for entries that never expire (clients). */
  expiresAt?: number;
}

export class FileAdapterStore {
  private readonly entries = new Map<string, Entry>();
  private readonly file: JsonFile<Record<string, Entry>>;

  private constructor(file: string) {
    this.file = new JsonFile(file);
  }

  static async open(file: string): Promise<FileAdapterStore> {
    const store = new FileAdapterStore(file);
    const now = Date.now();
    for (const [key, entry] of Object.entries((await store.file.read()) ?? {})) {
      if (entry.expiresAt === undefined || entry.expiresAt > now) store.entries.set(key, entry);
    }
    return store;
  }

  close(): Promise<void> {
    return this.file.flush();
  }

  /** The adapter class oidc-provider instantiates once per model name. */
  adapterFor(name: string): Adapter {
    return new FileAdapter(this, name);
  }

  get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return structuredClone(entry.payload);
  }

  find(predicate: (key: string, payload: AdapterPayload) => boolean): [string, AdapterPayload] | undefined {
    for (const [key] of this.entries) {
      const payload = this.get(key);
      if (payload && predicate(key, payload)) return [key, payload];
    }
    return undefined;
  }

  set(key: string, payload: AdapterPayload, expiresInSec?: number): Promise<void> {
    this.entries.set(key, {
      payload: structuredClone(payload),
      ...(expiresInSec ? { expiresAt: Date.now() + expiresInSec * 1000 } : {}),
    });
    return this.persist();
  }

  patch(key: string, change: (payload: AdapterPayload) => void): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return Promise.resolve();
    change(entry.payload);
    return this.persist();
  }

  delete(predicate: (key: string, payload: AdapterPayload) => boolean): Promise<void> {
    let changed = false;
    for (const [key, entry] of this.entries) {
      if (predicate(key, entry.payload)) {
        this.entries.delete(key);
        changed = true;
      }
    }
    return changed ? this.persist() : Promise.resolve();
  }

  private persist(): Promise<void> {
    return this.file.save(() => {
      // Expired entries leave the file (and memory) whenever it is written.
      const now = Date.now();
      for (const [key, entry] of this.entries)
        if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
      return Object.fromEntries(this.entries);
    });
  }
}

// The models a grant revocation removes (as oidc-provider's own memory adapter does).
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

class FileAdapter implements Adapter {
  constructor(
    private readonly store: FileAdapterStore,
    private readonly name: string,
  ) {}

  private key(id: string): string {
    return `${this.name}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.store.set(this.key(id), payload, expiresIn);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.store.get(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const prefix = `${this.name}:`;
    return this.store.find((key, p) => key.startsWith(prefix) && p.uid === uid)?.[1];
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const prefix = `${this.name}:`;
    return this.store.find((key, p) => key.startsWith(prefix) && p.userCode === userCode)?.[1];
  }

  async consume(id: string): Promise<void> {
    await this.store.patch(this.key(id), (p) => {
      p.consumed = Math.floor(Date.now() / 1000);
    });
  }

  async destroy(id: string): Promise<void> {
    const target = this.key(id);
    await this.store.delete((key) => key === target);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.store.delete((key, p) => p.grantId === grantId && GRANTABLE.has(key.slice(0, key.indexOf(':'))));
  }
}
