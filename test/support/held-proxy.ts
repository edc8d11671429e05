/**
 * An HTTP proxy in front of the real signing service that can hold requests: a test learns when a
 * request has arrived and decides when it goes through. Nothing is faked — held requests are
 * forwarded unchanged to the real service once released.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class HeldProxy {
  private holding = false;
  private readonly waiting: (() => void)[] = [];
  private onArrival: (() => void) | undefined;
  requests = 0;

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<HeldProxy> {
    const targetUrl = new URL(target);
    const holder: { proxy?: HeldProxy } = {};
    const server = http.createServer((req, res) => {
      const proxy = holder.proxy!;
      proxy.requests++;
      const forward = () => {
        const upstream = http.request(
          { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      };
      if (proxy.holding) {
        proxy.waiting.push(forward);
        proxy.onArrival?.();
      } else {
        forward();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.proxy = new HeldProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return holder.proxy;
  }

  /** Holds requests from now on; resolves when the first one is being held. */
  hold(): Promise<void> {
    this.holding = true;
    return new Promise((resolve) => (this.onArrival = resolve));
  }

  /** Lets held and future requests through. */
  release(): void {
    this.holding = false;
    for (const forward of this.waiting.splice(0)) forward();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
