/** `GET /health` on the worker: 200 while it is polling its task queue, 503 otherwise. */
import http from 'node:http';
import type { Worker } from '@temporalio/worker';

export function startWorkerHealthServer(worker: Worker, port: number, host: string, taskQueue: string): http.Server {
  return http
    .createServer((req, res) => {
      const state = worker.getState();
      const ok = req.url === '/health' && state === 'RUNNING';
      res.writeHead(req.url === '/health' ? (ok ? 200 : 503) : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/health' ? { status: ok ? 'ok' : 'unavailable', service: 'expediente-worker', state, task_queue: taskQueue } : { error: 'Ruta no encontrada' }));
    })
    .listen(port, host);
}
