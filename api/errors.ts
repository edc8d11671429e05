/** Every failure leaves as JSON in the interface's error shape: no HTML page, no stack trace. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isAppError } from '../domain/errors.js';
import type { Logger } from '../lib/log.js';
import { sendError } from './http.js';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './unavailable.js';

export const MESSAGES = {
  invalidJson: 'Body JSON invalido',
  tooLarge: 'El cuerpo de la solicitud excede el tamaño permitido',
  tooDeep: 'Body JSON invalido: anidamiento mayor a 64 niveles',
  unsupportedMediaType: 'Content-Type no soportado: se espera application/json',
  badPath: 'Ruta invalida: codificación de caracteres incorrecta',
  notFound: 'Ruta no encontrada',
  internal: 'Error interno del servidor',
  unavailable: 'Servicio temporalmente no disponible; reintente en unos segundos',
} as const;

export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(req, res, 404, MESSAGES.notFound);
};

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let status = 500;
    let message: string = MESSAGES.internal;
    const httpErr = (err ?? {}) as HttpLikeError;
    if (isAppError(err)) {
      status = err.status;
      message = err.message;
    } else if (httpErr.type === 'entity.parse.failed') {
      status = 400;
      message = MESSAGES.invalidJson;
    } else if (httpErr.type === 'entity.too.deep') {
      status = 400;
      message = MESSAGES.tooDeep;
    } else if (httpErr.type === 'entity.too.large') {
      status = 413;
      message = MESSAGES.tooLarge;
    } else if (err instanceof URIError) {
      // A path parameter with broken percent-encoding (the router could not decode it).
      status = 400;
      message = MESSAGES.badPath;
    } else if (isDependencyUnavailable(err)) {
      // The database or Temporal is down: a retry later will work, so not a 500.
      status = 503;
      message = MESSAGES.unavailable;
      if (!res.headersSent) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    } else if (httpErr.expose && typeof (httpErr.status ?? httpErr.statusCode) === 'number') {
      // Client errors raised by body parsing (unsupported charset, bad encoding...).
      status = (httpErr.status ?? httpErr.statusCode)!;
      message = httpErr.message ?? message;
    }
    if (status === 503) {
      log.warn('dependency unavailable', {
        method: req.method,
        path: req.path,
        error: err instanceof Error ? err.message : String(err),
      });
    } else if (status >= 500) {
      log.error('request failed', {
        method: req.method,
        path: req.path,
        error: err instanceof Error ? err.stack : String(err),
      });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(req, res, status, message);
  };
}
