/**
 * Requests Node's HTTP parser refuses before the service sees them (headers over its limit, a
 * malformed request line or chunk): answered with Node's own status, as JSON `{code, message}`,
 * and closed the lingering way. Node's default writes the answer and destroys the socket at
 * once; a client still sending its body then gets a reset that discards the answer (a 64 KB
 * header before a PDF upload lost its 431 about half the time).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { lingerBeforeClose } from '../../lib/http-drain.js';

/** How much a refused connection keeps reading (and dropping) of what the client still sends. */
const LINGER_BYTES = 16 * 1024 * 1024;

const STATUS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'the request headers exceed the server limit'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'the chunk extensions exceed the server limit'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'the request was not received in time'],
};

export function answerClientErrors(server: Server): void {
  const refused = new WeakSet<Socket>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // The parser reports again as more bytes arrive: the first report was answered.
    if (refused.has(socket)) return;
    refused.add(socket);
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || answering?.headersSent || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, reason, message] = STATUS[err.code ?? ''] ?? [400, 'Bad Request', 'the request is not valid HTTP'];
    const body = JSON.stringify({ code: 'INVALID_PARAMETERS', message: `${message}; nothing was signed` });
    lingerBeforeClose(socket, LINGER_BYTES);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
    );
    socket.resume();
  });
}
