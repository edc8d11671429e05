import net from 'node:net';

/**
 * Ports are drawn below Linux's default ephemeral range (32768–60999). A port the OS hands out
 * for listen(0) comes from that range, the same one outgoing connections take their local ports
 * from: between the check and the child's listen, a client socket of another process could take
 * it (EADDRINUSE). Below the range only another listener can.
 */
const LOW = 20_000;
const HIGH = 32_000;
/** Ports already handed out by this process: each is free when checked, so two calls could pick the same one. */
const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago, outside the ephemeral range; good enough for throwaway servers. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
