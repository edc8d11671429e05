/** Case archiving (both interfaces) and retention administration (backend), described once. */
import { retentionBody } from '../backend/retention.js';
import type { OperationSpec } from './operation.js';
import { arr, envelope, id, int, nint, obj, str, type JsonSchema } from './schemas.js';

const archived = obj({ case_id: id, case_number: str, status: { const: 'archived' }, archived_at: str });
const templateRetention = obj({ template_id: id, name: str, acronym: str, retention_years: nint });
const dueCase = obj({
  case_id: id,
  case_number: str,
  reference: str,
  template: str,
  retention_years: int,
  archived_at: str,
  retention_ends_at: str,
});

const archiveDescription =
  'Solo un editor del sector dueño del expediente, activo o inactivo, sin asignaciones abiertas ni documentos propuestos sin resolver (si no, 409, como si ya está archivado). ' +
  'Queda archivado para siempre: no se transfiere, asigna ni recibe documentos. Si su plantilla tiene un plazo de conservación, se cuenta desde ahora.';

function archiveOperation(wrap: (schema: JsonSchema) => JsonSchema): OperationSpec {
  return {
    method: 'POST',
    path: '/cases/:id/archive',
    tag: 'Expedientes',
    summary: 'Archivar un expediente',
    description: archiveDescription,
    responses: { 200: wrap(archived) },
  };
}

export const integrationRetentionOperations: OperationSpec[] = [archiveOperation((s) => s)];

export const backendRetentionOperations: OperationSpec[] = [
  archiveOperation(envelope),
  {
    method: 'GET',
    path: '/admin/retention',
    tag: 'Conservación',
    summary: 'Expedientes archivados con el plazo de conservación cumplido',
    description:
      'Solo administradores. Los expedientes archivados cuyo archivo más el plazo de su plantilla ya pasó, los más antiguos primero, y el plazo de cada plantilla. Nada se elimina.',
    query: { page: { type: 'integer', minimum: 1 }, page_size: { type: 'integer', minimum: 1, maximum: 100 } },
    responses: {
      200: envelope(
        obj({
          cases: arr(dueCase),
          templates: arr(templateRetention),
          total: int,
          page: int,
          page_size: int,
          total_pages: int,
        }),
      ),
    },
  },
  {
    method: 'PUT',
    path: '/admin/case-templates/:id/retention',
    tag: 'Conservación',
    summary: 'Plazo de conservación de una plantilla de expediente',
    description: 'Solo administradores. retention_years de 1 a 200, o null para quitar el plazo.',
    body: retentionBody,
    responses: { 200: envelope(templateRetention) },
  },
];
