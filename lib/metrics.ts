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

export function counter<L extends string>(metrics: ServiceMetrics, name: string, help: string, labelNames: readonly L[]): Counter<L> {
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

/**
 * `GET /metrics`. With `token` set, only `Authorization: Bearer <token>` reads it (production puts
 * one there, or keeps the path off the public proxy); without, it is open like `/health`.
 */
export function metricsHandler(metrics: ServiceMetrics, token: string | undefined, extra?: () => Promise<string>): RequestHandler {
  return async (req: Request, res: Response) => {
    if (token && !constantTimeEqual(req.get('authorization') ?? '', `Bearer ${token}`)) {
      res.status(401).json({ error: 'Token de métricas requerido' });
      return;
    }
    const body = (await metrics.registry.metrics()) + (extra ? await extra() : '');
    res.set('content-type', metrics.registry.contentType).send(body);
  };
}
