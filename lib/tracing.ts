/**
 * OpenTelemetry tracing for a process, off unless the standard variables ask for it:
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) turns it on, and
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keep it off. Spans go over OTLP/HTTP;
 * incoming and outgoing HTTP (node:http and fetch) are traced and carry W3C trace context, so a
 * request is one trace from the API through Temporal (see worker/ and api/temporal/temporal-client.ts) to
 * the signing service.
 *
 * Import this module first in a process's entry point: node:http is patched when the modules
 * that use it are loaded.
 */
import { createRequire } from 'node:module';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

// The SDK is loaded only when tracing is on (it costs every process ~0.2 s at start otherwise),
// and synchronously — it must patch node:http before the modules that use it are loaded.
const require = createRequire(import.meta.url);

export interface Tracing {
  /** Undefined when tracing is off. */
  resource: Resource | undefined;
  spanProcessor: SpanProcessor | undefined;
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

export function tracingRequested(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let current: Tracing | undefined;

/** Starts tracing once per process (later calls get the same), named `OTEL_SERVICE_NAME` or `service`. */
export function startTracing(service: string, env: Env = process.env): Tracing {
  if (current) return current;
  if (!tracingRequested(env)) {
    current = { resource: undefined, spanProcessor: undefined, shutdown: async () => undefined };
    return current;
  }
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { Resource } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const resource = new Resource({ 'service.name': env.OTEL_SERVICE_NAME ?? service });
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  const sdk = new NodeSDK({
    resource,
    spanProcessors: [spanProcessor],
    instrumentations: [
      // Health checks and scrapes would drown the traces that matter.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/health' || req.url === '/metrics' }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  current = { resource, spanProcessor, shutdown: () => sdk.shutdown() };
  return current;
}
