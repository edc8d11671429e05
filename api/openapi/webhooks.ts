/**
 * The OpenAPI 3.1 `webhooks` object: what a subscribed system receives, one entry per event type,
 * each body's schema taken from the event catalog (domain/webhooks/catalog.ts), so the published
 * description is the one deliveries are made from.
 */
import { EVENT_TYPES, eventBodySchema, type EventType } from '../../domain/webhooks/catalog.js';

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez.',
    schema: { type: 'string', pattern: '^evt_[0-9a-f]{32}$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción ' +
      '(`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique.',
    schema: { type: 'string' },
  },
];

const SUMMARIES: Record<EventType, string> = {
  'document.created': 'Se creó un documento',
  'document.sent_to_sign': 'Un documento se envió a firmar',
  'document.signed': 'Un firmante firmó un documento',
  'document.officialized': 'Un documento quedó oficial (número asignado, PDF final)',
  'document.rejected': 'Un firmante rechazó un documento',
  'case.created': 'Se creó un expediente',
  'case.transferred': 'Un expediente se transfirió a otro sector',
  'case.assigned': 'Se asignó una tarea de un expediente',
  'case.assignment_closed': 'Se cerró una asignación de un expediente',
  'case.document_linked': 'Se vinculó un documento oficial a un expediente',
  'note.delivered': 'Se entregó una nota a sus sectores destinatarios',
  'memo.delivered': 'Se entregó un memo (sin contenido ni destinatarios)',
  'record.created': 'Se creó un registro',
  'record.updated': 'Se modificó un registro',
  'record.report_generated': 'Se generó el informe oficial de un registro',
  'signing.overdue': 'Venció el plazo de firma de un documento',
};

/** One POST per event type, as the platform sends it to a subscription's URL. */
export function webhookDescriptions(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\./g, '_')}`,
          tags: ['Webhooks'],
          summary: SUMMARIES[type],
          description:
            'Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). ' +
            'Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.',
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: eventBodySchema(type) } } },
          responses: {
            '2XX': { description: 'Recibido: no se reenvía' },
            default: { description: 'No recibido: se reintenta más tarde' },
          },
        },
      },
    ]),
  );
}
