/**
 * A webhook receiver for tests: an HTTP server on loopback that verifies every delivery with the
 * Standard Webhooks library (the receiving side's own code, not ours) against the secrets it is
 * given, records what arrived, and answers as the test says (a status, or never).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: { type: string; timestamp: string; data: Record<string, any> };
  /** Which of the receiver's secrets verified it (index), or -1 when none did. */
  verifiedWith: number;
  answered: number | 'never';
}

/** A status (with a short text), a whole answer, or no answer at all. */
export type Answer = number | 'never' | { status: number; headers?: Record<string, string>; body?: string };

export interface TestReceiver {
  url: string;
  received: Received[];
  /** How to answer the next deliveries (default 204). */
  answer: (r: Omit<Received, 'answered'>) => Answer;
  secrets: string[];
  close(): Promise<void>;
}

export async function startTestReceiver(path = '/hooks'): Promise<TestReceiver> {
  const receiver: TestReceiver = {
    url: '',
    received: [],
    answer: () => 204,
    secrets: [],
    close: async () => undefined,
  };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      const verifiedWith = receiver.secrets.findIndex((secret) => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      const seen = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body: JSON.parse(raw),
        verifiedWith,
      };
      const answer = receiver.answer(seen);
      receiver.received.push({ ...seen, answered: typeof answer === 'object' ? answer.status : answer });
      if (answer === 'never') {
        hanging.add(res);
        return;
      }
      if (typeof answer === 'object') {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `no gracias ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  receiver.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
