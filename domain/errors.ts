/**
 * The one error type of the platform: an HTTP-meaningful status and the message the spec
 * documents. The API turns it into `{error}` (integration/MCP) or `{success:false, message}`
 * (backend); anything else becomes a 500 with a generic message and is logged.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Machine-readable code where a spec defines one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message: string, code?: string) => new AppError(401, message, code);
export const forbidden = (message: string, code?: string) => new AppError(403, message, code);
export const notFound = (message: string, code?: string) => new AppError(404, message, code);
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
export const unprocessable = (message: string, code?: string) => new AppError(422, message, code);
export const unavailable = (message: string, code?: string) => new AppError(503, message, code);

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
