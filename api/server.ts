/** Starting and stopping the HTTP server (shared by api/main.ts and the test stack). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { ApiDeps } from './deps.js';

export interface RunningApi {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startApi(deps: ApiDeps, port: number, host: string): Promise<RunningApi> {
  const app = createApp(deps);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  // Requests Node rejects before Express sees them (malformed request line, raw non-ASCII URL...)
  // still get a JSON answer.
  server.on('clientError', (_err, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: 'Solicitud HTTP invalida' });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
