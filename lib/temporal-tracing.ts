/**
 * Temporal's OpenTelemetry plugin for a process whose tracing is on: client calls (start,
 * update, signal) carry the trace into workflow headers, and the worker traces workflow and
 * activity executions under it, exporting workflow spans through a sink (workflow code cannot).
 */
import { createRequire } from 'node:module';
import type { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import type { Tracing } from './tracing.js';

// Loaded only when tracing is on, like the SDK itself (see tracing.ts).
const require = createRequire(import.meta.url);

export function temporalTracingPlugins(tracing: Tracing | undefined): OpenTelemetryPlugin[] {
  if (!tracing?.resource || !tracing.spanProcessor) return [];
  const { OpenTelemetryPlugin: Plugin } =
    require('@temporalio/interceptors-opentelemetry') as typeof import('@temporalio/interceptors-opentelemetry');
  return [new Plugin({ resource: tracing.resource, spanProcessor: tracing.spanProcessor })];
}
