/**
 * The small reverse proxy in front of the API processes, doing what a load balancer with passive
 * health checks does: requests go round-robin; one that cannot connect to a process (killed, not
 * yet back) goes to the next, since it never reached it; one whose process dies mid-request gets
 * 502, as nginx answers, because it may have had an effect. It counts every status it answers so
 * the suite can say what clients saw.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class Balancer {
  /** Status → how many answers carried it (502 from the balancer itself included). */
  readonly statuses = new Map<number, number>();
  /** Requests cut by a process dying under them (answered 502 by the balancer). */
  cut = 0;
  /** Server errors other than 502/503 that reached a client: what, when and the body's start. */
  readonly errors: { request: string; status: number; at: string; body: string }[] = [];
  private turn = 0;

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(upstreams: () => readonly string[]): Promise<Balancer> {
    const holder: { balancer?: Balancer } = {};
    const server = http.createServer((req, res) => {
      const balancer = holder.balancer!;
      const body: Buffer[] = [];
      req.on('data', (chunk: Buffer) => body.push(chunk));
      req.on('end', () => balancer.forward(upstreams(), balancer.turn++, req, Buffer.concat(body), res, 0));
    });
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.balancer = new Balancer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return holder.balancer;
  }

  private answer(
    res: http.ServerResponse,
    status: number,
    headers: http.OutgoingHttpHeaders,
    body?: NodeJS.ReadableStream | string,
  ): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    res.writeHead(status, headers);
    if (typeof body === 'object') body.pipe(res);
    else res.end(body);
  }

  /** Tries the processes from `first` on, each once. */
  private forward(
    upstreams: readonly string[],
    first: number,
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse,
    tried: number,
  ): void {
    if (tried >= upstreams.length) {
      this.answer(
        res,
        502,
        { 'content-type': 'application/json' },
        JSON.stringify({ error: 'no API process reachable' }),
      );
      return;
    }
    const target = new URL(upstreams[(first + tried) % upstreams.length]!);
    let connected = false;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'close' },
        agent: false,
      },
      (up) => {
        const status = up.statusCode ?? 502;
        if (status >= 500 && status !== 502 && status !== 503) {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () =>
            this.errors.push({
              request: `${req.method} ${req.url}`,
              status,
              at: new Date().toISOString(),
              body: Buffer.concat(chunks).toString('utf8').slice(0, 300),
            }),
          );
        }
        this.answer(res, status, up.headers, up);
      },
    );
    upstream.on('socket', (socket) => socket.on('connect', () => (connected = true)));
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      if (!connected) return this.forward(upstreams, first, req, body, res, tried + 1);
      this.cut++;
      this.answer(
        res,
        502,
        { 'content-type': 'application/json' },
        JSON.stringify({ error: 'the API process ended during the request' }),
      );
    });
    upstream.end(body);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
