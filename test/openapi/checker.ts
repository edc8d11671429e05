/**
 * Opt-in response checker: given a call's document, method and route pattern, finds the
 * documented operation and says what in the real response disagrees with it — an undocumented
 * status, a media type the status does not list, or a JSON body its schema refuses (ajv,
 * JSON Schema 2020-12 as OpenAPI 3.1 uses it).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument, servedPath, operationsOf, type DocumentName } from '../../api/openapi/document.js';
import { openApiPath } from '../../api/openapi/operation.js';
import type { HttpResult } from '../support/http.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv2020) => void;

interface MediaObject {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  responses: Record<string, ResponseObject>;
}

export class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<object, ValidateFunction>();
  readonly documents: Record<DocumentName, { paths: Record<string, Record<string, OperationObject>> }>;

  constructor(serverUrl = 'http://127.0.0.1') {
    addFormats(this.ajv);
    this.documents = {
      integration: openApiDocument('integration', serverUrl) as never,
      backend: openApiDocument('backend', serverUrl) as never,
    };
  }

  /** The documented operation of a route pattern (`/documents/:id`, prefix-less for the interfaces). */
  operation(document: DocumentName, method: string, path: string): OperationObject | undefined {
    const op = operationsOf(document).find((o) => o.method === method && o.path === path);
    if (!op) return undefined;
    return this.documents[document].paths[openApiPath(servedPath(document, op))]?.[method.toLowerCase()];
  }

  /** Problems with a response (empty when it matches its description). */
  check(document: DocumentName, method: string, path: string, res: HttpResult): string[] {
    const op = this.operation(document, method, path);
    if (!op) return [`${method} ${path} is not described in the ${document} document`];
    const status = String(res.status);
    const described = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
    if (!described) return [`status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const content = described.content ?? {};
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!Object.keys(content).length) return [];
    const media = content[mediaType];
    if (!media)
      return [
        `status ${status} answered ${mediaType || 'no content type'}; documented: ${Object.keys(content).join(', ')}`,
      ];
    if (mediaType !== 'application/json' || !media.schema) return [];
    let validate = this.compiled.get(media.schema);
    if (!validate) {
      validate = this.ajv.compile(media.schema);
      this.compiled.set(media.schema, validate);
    }
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map(
      (e) => `body${e.instancePath} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
    );
  }
}
