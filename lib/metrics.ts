/**
 * Prometheus metrics of a process (API, worker, signing service): Node's own (CPU, memory, event
 * loop, GC) and HTTP request durations by route template and status, in one registry per process,
 * served as text at `/metrics`. prom-client does the exposition format; names carry `expediente_`.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { constantTimeEqual } from './secrets.js';

export const METRICS_PREFIX = 'expediente_';

export interface ServiceMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
}

export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  const httpDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  return { registry, httpDuration };
}

export function counter<L extends string>(
  metrics: ServiceMetrics,
  name: string,
  help: string,
  labelNames: readonly L[],
): Counter<L> {
  return new Counter({ name: `${METRICS_PREFIX}${name}`, help, labelNames, registers: [metrics.registry] });
}

/**
 * Times every request. The label is the matched route's template (`/api/v1/documents/:id`), never
 * the raw path, so ids and hostile URLs cannot grow the series without bound.
 */
export function httpMetrics(metrics: ServiceMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    // Express sets req.route when a route matches; the mount path is right only at that moment
    // (a router restores req.baseUrl when an error leaves it), so the template is taken then.
    let route: unknown;
    let matched = 'unmatched';
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set: (value: { path?: unknown } | undefined) => {
        route = value;
        if (typeof value?.path === 'string') matched = `${req.baseUrl}${value.path}`;
      },
    });
    res.once('finish', () => end({ method: req.method, route: matched, status: String(res.statusCode) }));
    next();
  };
}

/** Who may read `/metrics` of a process. */
export interface MetricsAccess {
  /** METRICS_TOKEN: when set, only `Authorization: Bearer <token>` reads it, from anywhere. */
  token: string | undefined;
  /** Production without a token: not served at all (404), since nothing could tell a scraper apart. */
  production: boolean;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * `GET /metrics`. With a token, only its bearer reads it. Without one it is open to this machine
 * only (development: a local Prometheus or curl), judged by `req.ip` so a request relayed by a
 * local proxy counts as its real client when the app trusts that proxy; in production it is not
 * served — set METRICS_TOKEN to scrape.
 */
export function metricsHandler(
  metrics: ServiceMetrics,
  access: MetricsAccess,
  extra?: () => Promise<string>,
): RequestHandler {
  return async (req: Request, res: Response) => {
    if (access.token) {
      if (!constantTimeEqual(req.get('authorization') ?? '', `Bearer ${access.token}`)) {
        res.status(401).json({ error: 'Token de métricas requerido' });
        return;
      }
    } else if (access.production) {
      res.status(404).json({ error: 'Ruta no encontrada' });
      return;
    } else if (!isLoopback(req.ip ?? req.socket.remoteAddress)) {
      res
        .status(403)
        .json({ error: 'Métricas solo desde esta máquina; configure METRICS_TOKEN para leerlas desde otra' });
      return;
    }
    const body = (await metrics.registry.metrics()) + (extra ? await extra() : '');
    res.set('content-type', metrics.registry.contentType).send(body);
  };
}
