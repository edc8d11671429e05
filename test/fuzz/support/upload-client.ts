/**
 * Sends hostile PDFs from a process of its own, so that building and sending the uploads does
 * not share the event loop of the stack under test (which runs in the test process): /health
 * measured there is then the server's latency alone. Reads the routes as JSON from argv[2];
 * for each route writes `{"start": name}`, runs every hostile file `rounds` times with
 * `concurrency` uploads in flight, and writes `{"end": name, results}` (one JSON per line).
 */
import { setPriority } from 'node:os';
import { hostilePdfs } from '../../support/hostile-pdfs.js';

export interface ClientRoute {
  name: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  fields: Record<string, string>;
  /** The file part's name (pdf_file unless given). */
  fileField?: string;
}

export interface ClientResult {
  file: string;
  status: number | string;
  ms: number;
  text: string;
}

// The client is apparatus: on a short machine the stack under test gets the cores first.
try {
  setPriority(10);
} catch {}

const { routes, rounds, concurrency } = JSON.parse(process.argv[2]!) as {
  routes: ClientRoute[];
  rounds: number;
  concurrency: number;
};
const files = await hostilePdfs();
const say = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function send(route: ClientRoute, pdf: Buffer): Promise<{ status: number | string; text: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(route.fields)) form.append(k, v);
  form.append(route.fileField ?? 'pdf_file', new Blob([pdf], { type: 'application/pdf' }), 'documento.pdf');
  try {
    const res = await fetch(route.url, {
      method: route.method,
      headers: route.headers,
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name, text: '' };
  }
}

for (const route of routes) {
  say({ start: route.name });
  const queue = Array.from({ length: rounds }, () => files).flat();
  const results: ClientResult[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const started = performance.now();
        const res = await send(route, file.pdf);
        results.push({
          file: file.name,
          status: res.status,
          ms: performance.now() - started,
          text: res.text.slice(0, 300),
        });
      }
    }),
  );
  say({ end: route.name, results });
}
