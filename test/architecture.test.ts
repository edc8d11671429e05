/**
 * The layering, checked on the source: every import of every module is read and judged against
 * the rules of docs/architecture.md. A violation fails with the file, the import and the rule.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LAYERS = [
  'api',
  'domain',
  'db',
  'contract',
  'workflows',
  'activities',
  'worker',
  'signer',
  'lib',
  'config',
  'dev',
  'rules',
] as const;
type Layer = (typeof LAYERS)[number];

interface Import {
  file: string;
  specifier: string;
  typeOnly: boolean;
  /** The top-level folder a relative import lands in; undefined for packages and node builtins. */
  target: string | undefined;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

// `import ... from '...'`, `export ... from '...'`, `import '...'` and `import('...')`.
const STATIC = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gms;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const target = specifier.startsWith('.')
      ? path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep)[0]
      : undefined;
    found.push({ file: path.relative(ROOT, file), specifier, typeOnly, target });
  };
  for (const m of text.matchAll(STATIC)) {
    // `import { type A, type B }` is type-only too.
    const names = m[3];
    const allTypes =
      /^\{[^}]*\}$/.test(names.trim()) &&
      names
        .replace(/[{}\s]/g, '')
        .split(',')
        .filter(Boolean)
        .every((n) => n.startsWith('type'));
    add(m[4], Boolean(m[2]) || allTypes);
  }
  for (const m of text.matchAll(BARE)) add(m[1], false);
  for (const m of text.matchAll(DYNAMIC)) add(m[1], false);
  return found;
}

const all = LAYERS.flatMap((layer) =>
  sources(path.join(ROOT, layer)).map((file) => ({ layer, imports: importsOf(file) })),
);

function violations(layer: Layer, rule: (i: Import) => string | undefined): string[] {
  return all
    .filter((m) => m.layer === layer)
    .flatMap((m) =>
      m.imports.map((i) => {
        const why = rule(i);
        return why ? `${i.file}: import '${i.specifier}' — ${why}` : undefined;
      }),
    )
    .filter((v): v is string => v !== undefined);
}

/** The folder of api/ a file lies in, or a relative import of it lands in (`integration`, `operations`…). */
function apiFolder(file: string, specifier?: string): string | undefined {
  if (specifier !== undefined && !specifier.startsWith('.')) return undefined;
  const rel = specifier === undefined ? file : path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  const [top, folder, ...rest] = rel.split(path.sep);
  return top === 'api' && rest.length > 0 ? folder : undefined;
}

/** The API's interfaces: each parses, calls and answers; what they share is in api/operations/. */
const INTERFACES = ['integration', 'backend', 'mcp'];

describe('architecture: the layering rules hold for every import', () => {
  it('the source tree is read (the check is not vacuous)', () => {
    assert.ok(all.filter((m) => m.layer === 'workflows').length >= 5);
    assert.ok(all.flatMap((m) => m.imports).filter((i) => i.target === 'contract').length >= 10);
  });

  it('rules/ imports nothing but rules/: no package, no node builtin, so every layer and the workflow sandbox may use it', () => {
    assert.ok(all.some((m) => m.layer === 'rules'));
    assert.deepEqual(
      violations('rules', (i) =>
        i.target === 'rules' ? undefined : 'the rules are pure: they import only rules/ (no packages, no I/O)',
      ),
      [],
    );
  });

  it('workflows import values only from the contract, the rules, themselves and the Temporal workflow SDK; activities as types', () => {
    assert.deepEqual(
      violations('workflows', (i) => {
        if (i.target === undefined)
          return /^@temporalio\/(workflow|common)$/.test(i.specifier)
            ? undefined
            : 'workflow code runs in the sandbox: only @temporalio/workflow and @temporalio/common';
        if (i.target === 'workflows' || i.target === 'contract' || i.target === 'rules') return undefined;
        if (i.target === 'activities' && i.typeOnly) return undefined;
        if (i.target === 'domain') return 'what a workflow holds is recorded in its history: use the contract types';
        return `workflows may import ${i.target}/ only as types`;
      }),
      [],
    );
  });

  it('the contract depends on nothing of ours but the rules: its wire types are its own, so a refactor elsewhere cannot change a recorded payload', () => {
    assert.deepEqual(
      violations('contract', (i) => {
        if (i.target === undefined)
          return i.specifier.startsWith('@temporalio/') ? undefined : 'the contract uses only the Temporal SDK';
        if (i.target === 'contract' || i.target === 'rules') return undefined;
        return `the contract may import only rules/ and itself, not ${i.target}/ (not even as types)`;
      }),
      [],
    );
  });

  it('only the worker reaches workflows/; activities, the API and the rest go through the contract', () => {
    for (const layer of LAYERS.filter((l) => l !== 'workflows' && l !== 'worker')) {
      assert.deepEqual(
        violations(layer, (i) =>
          i.target === 'workflows' ? 'use contract/ (workflow code belongs to the worker)' : undefined,
        ),
        [],
        layer,
      );
    }
  });

  it("the API's interfaces (integration REST, backend, MCP) never import one another: their shared operations and request schemas are in api/operations/", () => {
    const apiImports = all.filter((m) => m.layer === 'api').flatMap((m) => m.imports);
    for (const face of INTERFACES)
      assert.ok(
        apiImports.some((i) => apiFolder(i.file) === face && apiFolder(i.file, i.specifier) === 'operations'),
        `api/${face}/ uses api/operations/`,
      );
    assert.deepEqual(
      violations('api', (i) => {
        const from = apiFolder(i.file);
        const to = apiFolder(i.file, i.specifier);
        return from !== to && INTERFACES.includes(from ?? '') && INTERFACES.includes(to ?? '')
          ? `api/${from}/ may not import api/${to}/: what both need belongs in api/operations/`
          : undefined;
      }),
      [],
    );
  });

  it("api/temporal/ and api/operations/ hold what the interfaces share, so they never import an interface's routes", () => {
    assert.deepEqual(
      violations('api', (i) => {
        const from = apiFolder(i.file);
        const to = apiFolder(i.file, i.specifier);
        return (from === 'temporal' || from === 'operations') && INTERFACES.includes(to ?? '')
          ? `api/${from}/ may not import api/${to}/: routes call it, not the other way`
          : undefined;
      }),
      [],
    );
  });

  it('domain never reaches up into the API, workflows, activities or the worker', () => {
    assert.deepEqual(
      violations('domain', (i) =>
        ['api', 'workflows', 'activities', 'worker', 'signer', 'dev'].includes(i.target ?? '')
          ? `domain/ may not import ${i.target}/`
          : undefined,
      ),
      [],
    );
  });

  it('domain never imports contract/ (the contract is how Temporal code talks; the domain stays below it)', () => {
    assert.deepEqual(
      violations('domain', (i) => (i.target === 'contract' ? 'domain/ may not import contract/' : undefined)),
      [],
    );
  });

  it("db knows nothing of the layers above it, the domain included (the operators' commands in cli/ compose them)", () => {
    // One data repair recomputes stored case summaries with the domain's offline summarizer.
    const repairs = [path.join('db', 'migrations', 'tenant', '013_case_summaries_without_memos.ts')];
    assert.deepEqual(
      violations('db', (i) =>
        ['domain', 'contract', 'api', 'workflows', 'activities', 'worker', 'signer', 'rules'].includes(
          i.target ?? '',
        ) && !(i.target === 'domain' && repairs.includes(i.file))
          ? `db/ may not import ${i.target}/`
          : undefined,
      ),
      [],
    );
  });

  it('the signing service uses only lib/ of the platform', () => {
    assert.deepEqual(
      violations('signer', (i) =>
        i.target && !['signer', 'lib'].includes(i.target)
          ? `signer/ is its own service: ${i.target}/ is not its`
          : undefined,
      ),
      [],
    );
  });
});
