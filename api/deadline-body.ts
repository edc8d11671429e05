/**
 * The deadline fields a start-signing, transfer or assign body may carry, one schema for every
 * interface (domain/deadlines/request.ts reads and resolves them).
 */
import { bodyParser } from './validation.js';

export const deadlineProperties = {
  due_at: {
    anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }],
    description:
      'Plazo: fecha AAAA-MM-DD (vence al final de ese día, hora del municipio) o fecha y hora ISO 8601 con zona horaria',
  },
  due_in_business_days: {
    anyOf: [{ type: 'integer', minimum: 1, maximum: 240 }, { type: 'null' }],
    description: 'Plazo en días hábiles administrativos del municipio (alternativa a due_at)',
  },
} as const;

export interface DeadlineFields {
  due_at?: string | null;
  due_in_business_days?: number | null;
}

/** start-signing / start-signing-process: an optional deadline for the round. */
export const startSigningBody = bodyParser<DeadlineFields>({ type: 'object', properties: deadlineProperties });
