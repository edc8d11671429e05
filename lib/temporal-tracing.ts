/**
 * Temporal's OpenTelemetry plugin for a process whose tracing is on: client calls (start,
 * update, signal) carry the trace into workflow headers, and the worker traces workflow and
 * activity executions under it, exporting workflow spans through a sink (workflow code cannot).
 */
import { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import type { Tracing } from './tracing.js';

export function temporalTracingPlugins(tracing: Tracing | undefined): OpenTelemetryPlugin[] {
  if (!tracing?.resource || !tracing.spanProcessor) return [];
  return [new OpenTelemetryPlugin({ resource: tracing.resource, spanProcessor: tracing.spanProcessor })];
}
