/**
 * The desk's API types, generated from the backend's OpenAPI description by openapi-typescript
 * into web/src/backend-api.ts: `npm run web:api-types` writes it, and a test fails when the
 * committed file no longer matches the description (a route or schema changed without it).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../api/openapi/document.js';

export const API_TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'backend-api.ts');

const HEADER = `/**
 * Generated from the backend OpenAPI description (api/openapi/backend.ts) by openapi-typescript.
 * Do not edit: run \`npm run web:api-types\`.
 */
`;

// openapi-typescript prints with TypeScript 5's compiler API: it is the web workspace's tool.
const requireFromWeb = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'package.json'));

export async function generateApiTypes(): Promise<string> {
  const { default: openapiTS, astToString } = (await import(
    requireFromWeb.resolve('openapi-typescript')
  )) as typeof import('openapi-typescript');
  const ast = await openapiTS(openApiDocument('backend', 'http://localhost') as never, {
    alphabetize: true,
    emptyObjectsUnknown: true,
  });
  return HEADER + astToString(ast);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(API_TYPES_FILE, await generateApiTypes());
  process.stdout.write(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}\n`);
}
