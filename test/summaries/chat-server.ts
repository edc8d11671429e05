/**
 * A local HTTP server speaking the OpenAI chat completions protocol, for the tests of the
 * OpenAI-compatible provider (the real service is a third-party one). It records each request and
 * answers from a script: a status, a body or a model answer, an optional delay.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; [k: string]: unknown };
}

export interface ScriptedAnswer {
  status?: number;
  /** The assistant message's content (status 200). */
  answer?: string;
  /** A raw body instead of a completion. */
  raw?: string;
  delayMs?: number;
}

export interface ChatServer {
  /** Base URL to configure as AI_BASE_URL (…/v1). */
  baseUrl: string;
  requests: ChatRequest[];
  /** Answers for the next requests, in order; afterwards every request gets `fallback`. */
  script(...answers: ScriptedAnswer[]): void;
  fallback: ScriptedAnswer;
  close(): Promise<void>;
}

export async function startChatServer(): Promise<ChatServer> {
  const queue: ScriptedAnswer[] = [];
  const requests: ChatRequest[] = [];
  const state = { fallback: { answer: 'Resumen de prueba.' } as ScriptedAnswer };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: ChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"invalid json"}}');
        return;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const next = queue.shift() ?? state.fallback;
      const send = () => {
        if (res.destroyed) return;
        const status = next.status ?? 200;
        const payload =
          next.raw ??
          (status === 200
            ? JSON.stringify({
                id: 'chatcmpl-1',
                object: 'chat.completion',
                model: body.model,
                choices: [
                  { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.answer ?? '' } },
                ],
              })
            : JSON.stringify({ error: { message: `error ${status}`, type: 'invalid_request_error' } }));
        res.writeHead(status, { 'content-type': 'application/json' }).end(payload);
      };
      if (next.delayMs) setTimeout(send, next.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...answers) => queue.push(...answers),
    get fallback() {
      return state.fallback;
    },
    set fallback(answer: ScriptedAnswer) {
      state.fallback = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
