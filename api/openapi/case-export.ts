/** The case-file export operations (api/temporal/case-export.ts), described once for both interfaces. */
import { exportBody } from '../temporal/case-export.js';
import type { OperationSpec } from './operation.js';
import { envelope, id, int, nint, nstr, obj, oneOfValues, str, type JsonSchema } from './schemas.js';

const file = (what: string): JsonSchema => ({
  anyOf: [obj({ url: str, sha256: str, expires_at: str }), { type: 'null' }],
  description: `${what}: URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces)`,
});

export const caseExport = obj({
  export_id: id,
  case_id: id,
  case_number: str,
  index_version: {
    ...nint,
    description: 'La versión del índice exportada (null mientras el expediente no tiene ninguna)',
  },
  status: oneOfValues('pending', 'running', 'done', 'failed'),
  progress: obj({ step: oneOfValues('index', 'pdf', 'package', 'done'), done: int, total: int }),
  requested_at: str,
  finished_at: nstr,
  error: nstr,
  pdf: file('El PDF "expediente completo"'),
  package: file('El paquete BagIt (ZIP)'),
  'poll?': { type: 'string', description: 'Dónde consultar el progreso (respuesta 202)' },
});

const description =
  'Exporta una versión del índice (la última si no se indica index_version; si aún no está firmada, la exportación la espera): ' +
  'el PDF "expediente completo" (índice firmado, cada documento con su foja estampada en el margen, un marcador por documento y el PDF original firmado adjunto, ' +
  'así sus firmas siguen verificables) y un paquete BagIt (RFC 8493, manifiestos SHA-256) con el índice firmado y su gemelo JSON, cada PDF oficial tal como fue firmado ' +
  'y el registro de auditoría. Puede exportar quien puede ver el expediente; un memo que no puede leer queda fuera (su entrada lo dice). ' +
  '200 con la exportación si terminó dentro de la espera, si no 202 con poll; solo quien la pidió la consulta.';

function operations(wrap: (schema: JsonSchema) => JsonSchema): OperationSpec[] {
  return [
    {
      method: 'POST',
      path: '/cases/:id/export',
      tag: 'Expedientes',
      summary: 'Exportar el expediente (PDF completo y paquete BagIt)',
      description,
      body: exportBody,
      responses: { 200: wrap(caseExport), 202: wrap(caseExport) },
    },
    {
      method: 'GET',
      path: '/cases/:id/exports/:exportId',
      tag: 'Expedientes',
      summary: 'Estado de una exportación y sus enlaces de descarga',
      responses: { 200: wrap(caseExport) },
    },
  ];
}

export const integrationCaseExportOperations = operations((schema) => schema);
export const backendCaseExportOperations = operations((schema) => envelope(schema));
