/**
 * The whole platform for a benchmark: the same real stack the test suite runs (embedded
 * PostgreSQL, Temporal dev server, signing service and TSA, the project's worker and API), with
 * HTTP helpers for the demo municipality.
 */
import { demoId } from '../db/seed/demo-data.js';
import { startTestStack, type TestStack } from '../test/support/stack.js';

export interface Platform {
  stack: TestStack;
  call(method: string, path: string, user: string, json?: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

export const user = (key: string) => demoId('user', key);
export const template = (acronym: string) => demoId('case-template', acronym);

export async function startPlatform(): Promise<Platform> {
  const stack = await startTestStack();
  return {
    stack,
    async call(method, path, userKey, json) {
      const res = await fetch(`${stack.apiUrl}${path}`, {
        method,
        headers: { 'X-API-Key': stack.demoApiKey, 'X-User-ID': user(userKey), ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    stop: () => stack.stop(),
  };
}

export function expect(res: { status: number; body: unknown }, status: number): any {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
