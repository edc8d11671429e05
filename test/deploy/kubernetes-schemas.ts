/**
 * Kubernetes JSON schemas for kubeconform, made offline from the OpenAPI v2 document of the
 * Kubernetes release (api/openapi-spec/swagger.json of the k8s.io/kubernetes Go module), the way
 * kubeconform's openapi2jsonschema does it, in its "standalone-strict" flavour:
 *   - one file per kind, named as kubeconform looks it up: `<kind>[-<group>]-<version>.json`;
 *   - each file standalone: the definitions it reaches are copied under `definitions`;
 *   - strict: an object with `properties` accepts no other property (a misspelt field fails);
 *   - int-or-string fields and quantities accept a number or a string, as the API server does.
 * Usage: node --import tsx test/deploy/kubernetes-schemas.ts <swagger.json> <output folder>
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

type Schema = { [key: string]: unknown };
interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

const REF_PREFIX = '#/definitions/';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/** kubeconform's file name for a kind: the first label of the group, then the version. */
export function schemaFileName({ group, version, kind }: GroupVersionKind): string {
  const groupPart = group ? `-${group.split('.')[0]!.toLowerCase()}` : '';
  return `${kind.toLowerCase()}${groupPart}-${version.toLowerCase()}.json`;
}

/** The strict, JSON-schema form of one OpenAPI v2 schema (a deep copy). */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as Schema;
  if (schema.format === 'int-or-string')
    return { description: schema.description, oneOf: [{ type: 'string' }, { type: 'integer' }] };
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // x-kubernetes-* extensions mean nothing to a JSON schema validator.
    if (key.startsWith('x-kubernetes-')) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, strict(v)]))
        : strict(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function refsOf(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) refsOf(n, into);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Schema)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX))
        into.add(value.slice(REF_PREFIX.length));
      else refsOf(value, into);
    }
  }
}

/** Every definition `name` reaches through $ref, itself excluded unless it is recursive. */
function reachable(name: string, definitions: Record<string, Schema>): string[] {
  const seen = new Set<string>();
  const queue = [name];
  while (queue.length) {
    const found = new Set<string>();
    refsOf(definitions[queue.pop()!], found);
    for (const ref of found) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      queue.push(ref);
    }
  }
  return [...seen].sort();
}

export async function writeKubernetesSchemas(swaggerFile: string, outDir: string): Promise<number> {
  const swagger = JSON.parse(await readFile(swaggerFile, 'utf8')) as { definitions: Record<string, Schema> };
  const definitions: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(swagger.definitions)) definitions[name] = strict(schema) as Schema;
  // A quantity is written `cpu: 1` as often as `cpu: "1"`; the API server takes both.
  if (definitions[QUANTITY])
    definitions[QUANTITY] = {
      description: definitions[QUANTITY].description,
      oneOf: [{ type: 'string' }, { type: 'number' }],
    };

  await mkdir(outDir, { recursive: true });
  let written = 0;
  for (const [name, raw] of Object.entries(swagger.definitions)) {
    const kinds = raw['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined;
    // One kind per definition is a resource; DeleteOptions, WatchEvent and the like list many.
    if (kinds?.length !== 1) continue;
    const { group, version, kind } = kinds[0]!;
    const schema: Schema = { ...definitions[name] };
    const properties = { ...(schema.properties as Schema) };
    // apiVersion and kind must name this very kind.
    properties.apiVersion = { type: 'string', enum: [group ? `${group}/${version}` : version] };
    properties.kind = { type: 'string', enum: [kind] };
    schema.properties = properties;
    schema.definitions = Object.fromEntries(reachable(name, swagger.definitions).map((ref) => [ref, definitions[ref]]));
    await writeFile(path.join(outDir, schemaFileName(kinds[0]!)), JSON.stringify(schema));
    written++;
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [swaggerFile, outDir] = process.argv.slice(2);
  if (!swaggerFile || !outDir) {
    console.error('usage: kubernetes-schemas.ts <swagger.json> <output folder>');
    process.exit(2);
  }
  const count = await writeKubernetesSchemas(swaggerFile, outDir);
  console.log(`${count} Kubernetes kinds written to ${outDir}`);
}
