/**
 * The Kubernetes chart (deploy/helm/expediente), with its default values and with
 * ci/dev-services-values.yaml: `helm lint --strict`, `helm template` through `kubeconform -strict`
 * against the Kubernetes JSON schemas `npm run setup:tools` makes offline, and what a reviewer
 * checks in the rendered manifests — probes on the port each process really listens on (read by
 * the processes' own configuration loaders), no credential outside a Secret, the migrations as a
 * pre-install/pre-upgrade hook, docker compose's commands, the image of the chart's appVersion.
 * Skipped without helm, kubeconform or the schemas (npm run setup:tools builds them with Go).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as yaml from 'js-yaml';
import { loadConfig } from '../../config/index.js';
import { loadCscServiceConfig } from '../../signer/csc/config.js';
import { loadSignerConfig } from '../../signer/config.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const chartDir = path.join(root, 'deploy/helm/expediente');
const schemasRoot = path.join(root, '.tools/kubernetes-schemas');

type Doc = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
};
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Container {
  name: string;
  image: string;
  command: string[];
  restartPolicy?: string;
  ports?: { name: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
}

function tool(name: string): string | undefined {
  const candidates = [
    path.join(root, '.tools/bin', name),
    ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, name)),
  ];
  return candidates.find((c) => existsSync(c));
}

/** The Kubernetes version whose schemas setup:tools made (the newest, if several). */
async function schemaVersion(): Promise<string | undefined> {
  const versions = await readdir(schemasRoot).catch(() => [] as string[]);
  return versions
    .filter((v) => /^v\d+\.\d+\.\d+$/.test(v))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
}

/** `execFile` with `input` on the child's stdin; resolves with stdout even when the exit code is not 0. */
function runWithInput(
  file: string,
  args: string[],
  input: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') reject(err);
      else resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
    child.stdin!.end(input);
  });
}

function podSpecOf(doc: Doc): { containers: Container[]; initContainers?: Container[] } | undefined {
  if (doc.kind === 'Deployment' || doc.kind === 'Job') return doc.spec.template.spec;
  return undefined;
}

/** Containers that run for the pod's life: the main ones and sidecars (restartable init containers). */
function runningContainers(doc: Doc): Container[] {
  const spec = podSpecOf(doc)!;
  return [...spec.containers, ...(spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
}

/** A container's environment as the process sees it; a key of a Secret the chart does not make reads as a placeholder. */
function environmentOf(container: Container, docs: Doc[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const map = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === from.configMapRef?.name);
    assert.ok(map, `${container.name} reads ConfigMap ${from.configMapRef?.name}, which the chart renders`);
    Object.assign(env, map.data);
  }
  for (const v of container.env ?? []) {
    const ref = v.valueFrom?.secretKeyRef;
    const made = ref && docs.find((d) => d.kind === 'Secret' && d.metadata.name === ref.name)?.data?.[ref.key];
    env[v.name] = v.value ?? (made ? Buffer.from(made, 'base64').toString() : `secret:${ref?.key}`);
  }
  return env;
}

/** The port each process listens on, by its own configuration loader. */
const listeningPort: Record<string, (env: Record<string, string>) => number> = {
  api: (env) => loadConfig(env).api.port,
  worker: (env) => loadConfig(env).worker.healthPort,
  signer: (env) => loadSignerConfig(env).port,
  csc: (env) => loadCscServiceConfig(env).port,
  tsa: (env) => Number(env.TSA_PORT || 3300),
};

/** The docker compose service whose command each container must run. */
const composeService: Record<string, string> = {
  api: 'api',
  worker: 'worker',
  signer: 'signer',
  migrate: 'migrate',
  tsa: 'tsa',
  csc: 'csc',
};

interface Case {
  name: string;
  valuesFiles: string[];
}
const cases: Case[] = [
  { name: 'default values', valuesFiles: [] },
  {
    name: 'ci/dev-services-values.yaml (chart-made Secret, development TSA and CSC, shared claim, ServiceMonitor, Ingress)',
    valuesFiles: ['ci/dev-services-values.yaml'],
  },
];

describe('Kubernetes chart (deploy/helm/expediente)', function () {
  this.timeout(120_000);
  let helm: string;
  let kubeconform: string;
  let kubeVersion: string;
  let chart: { appVersion: string };
  let defaults: { image: { repository: string }; secrets: { values: Record<string, string> } };
  let compose: { services: Record<string, { command?: string[] }> };

  before(async function () {
    const [h, k, v] = [tool('helm'), tool('kubeconform'), await schemaVersion()];
    if (!h || !k || !v) {
      console.log(
        '      skipped: helm, kubeconform or the Kubernetes JSON schemas are not installed (npm run setup:tools builds them with Go)',
      );
      this.skip();
    }
    [helm, kubeconform, kubeVersion] = [h, k, v];
    chart = yaml.load(await readFile(path.join(chartDir, 'Chart.yaml'), 'utf8')) as typeof chart;
    defaults = yaml.load(await readFile(path.join(chartDir, 'values.yaml'), 'utf8')) as typeof defaults;
    compose = yaml.load(await readFile(path.join(root, 'docker-compose.yml'), 'utf8')) as typeof compose;
  });

  /** Every key the processes read from the Secret: their values must never appear anywhere else. */
  const secretKeys = () => new Set(Object.keys(defaults.secrets.values));

  const valuesArgs = (c: Case) => c.valuesFiles.flatMap((f) => ['-f', path.join(chartDir, f)]);

  async function render(c: Case, extra: string[] = []): Promise<{ text: string; docs: Doc[] }> {
    const { stdout } = await run(
      helm,
      [
        'template',
        'muni',
        chartDir,
        '--namespace',
        'expediente',
        '--kube-version',
        kubeVersion,
        ...valuesArgs(c),
        ...extra,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return { text: stdout, docs: (yaml.loadAll(stdout) as (Doc | null)[]).filter((d): d is Doc => !!d) };
  }

  async function validate(text: string) {
    const schemaLocation = path.join(schemasRoot, kubeVersion, '{{.ResourceKind}}{{.KindSuffix}}.json');
    // ServiceMonitor is a prometheus-operator CRD, not in Kubernetes' OpenAPI document: checked below instead.
    const args = [
      '-strict',
      '-summary',
      '-output',
      'json',
      '-kubernetes-version',
      kubeVersion.slice(1),
      '-schema-location',
      schemaLocation,
      '-skip',
      'ServiceMonitor',
      '-',
    ];
    const { code, stdout } = await runWithInput(kubeconform, args, text);
    const report = JSON.parse(stdout) as {
      resources: { kind: string; name: string; status: string; msg: string }[];
      summary: { valid: number; invalid: number; errors: number; skipped: number };
    };
    return {
      code,
      report,
      problems: report.resources
        .filter((r) => r.status !== 'statusValid' && r.status !== 'statusSkipped')
        .map((r) => `${r.kind} ${r.name}: ${r.msg}`),
    };
  }

  for (const c of cases) {
    describe(c.name, () => {
      let text: string;
      let docs: Doc[];
      before(async function () {
        if (!helm) this.skip();
        ({ text, docs } = await render(c));
      });
      const workloads = () => docs.filter((d) => podSpecOf(d));

      it('passes helm lint --strict', async () => {
        const { stdout } = await run(helm, [
          'lint',
          '--strict',
          '--kube-version',
          kubeVersion,
          chartDir,
          ...valuesArgs(c),
        ]);
        assert.match(stdout, /1 chart\(s\) linted, 0 chart\(s\) failed/);
      });

      it('renders manifests kubeconform -strict finds valid against the Kubernetes schemas', async () => {
        const { code, report, problems } = await validate(text);
        assert.deepEqual(problems, []);
        assert.equal(code, 0);
        const monitors = docs.filter((d) => d.kind === 'ServiceMonitor').length;
        assert.deepEqual(report.summary, { valid: docs.length - monitors, invalid: 0, errors: 0, skipped: monitors });
      });

      it('deploys the API, worker and signing service twice each, with a disruption budget and the migrations once', () => {
        const deployment = (component: string) =>
          docs.find((d) => d.kind === 'Deployment' && d.metadata.name === `muni-expediente-${component}`);
        for (const component of ['api', 'worker', 'signer']) {
          assert.equal(deployment(component)?.spec.replicas, 2, component);
          const pdb = docs.find(
            (d) => d.kind === 'PodDisruptionBudget' && d.metadata.name === `muni-expediente-${component}`,
          );
          assert.deepEqual(
            pdb?.spec.selector.matchLabels,
            deployment(component)!.spec.selector.matchLabels,
            `${component}'s budget selects its pods`,
          );
        }
        assert.equal(docs.filter((d) => d.kind === 'Job').length, 1);
        const devServices = c.valuesFiles.length > 0;
        assert.equal(!!deployment('dev-signing'), devServices, 'the development TSA and CSC only when asked for');
      });

      it('probes /health on the port each process listens on (readiness, liveness and startup)', () => {
        let checked = 0;
        for (const doc of workloads().filter((d) => d.kind === 'Deployment')) {
          for (const container of runningContainers(doc)) {
            const port = listeningPort[container.name];
            assert.ok(port, `a probe rule for container ${container.name}`);
            const listening = port(environmentOf(container, docs));
            for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'] as const) {
              const get = container[probe]?.httpGet;
              assert.equal(get?.path, '/health', `${doc.metadata.name}/${container.name} ${probe}`);
              const named = container.ports?.find((p) => p.name === get!.port)?.containerPort;
              assert.equal(
                typeof get!.port === 'number' ? get!.port : named,
                listening,
                `${doc.metadata.name}/${container.name} ${probe} port`,
              );
            }
            checked++;
          }
        }
        assert.ok(checked >= 3);
      });

      it('keeps every credential in a Secret: none in a ConfigMap, a plain env value or any other resource', async () => {
        const keys = secretKeys();
        for (const doc of workloads()) {
          const spec = podSpecOf(doc)!;
          for (const container of [...spec.containers, ...(spec.initContainers ?? [])]) {
            for (const v of container.env ?? [])
              assert.ok(
                !(keys.has(v.name) && v.value !== undefined),
                `${doc.metadata.name}/${container.name} sets ${v.name} as a plain value`,
              );
          }
        }
        for (const map of docs.filter((d) => d.kind === 'ConfigMap')) {
          for (const key of Object.keys(map.data ?? {}))
            assert.ok(!keys.has(key), `ConfigMap ${map.metadata.name} holds ${key}`);
        }
        // The values themselves, plain or base64, appear only in Secrets.
        const files = (await Promise.all(
          c.valuesFiles.map(async (f) => yaml.load(await readFile(path.join(chartDir, f), 'utf8'))),
        )) as { secrets?: { values?: Record<string, string> } }[];
        const given = files.flatMap((v) => Object.values(v.secrets?.values ?? {})).filter(Boolean);
        if (c.valuesFiles.length) assert.ok(given.length >= 6, 'the values file gives secret values to look for');
        for (const doc of docs.filter((d) => d.kind !== 'Secret')) {
          const body = JSON.stringify(doc);
          for (const secret of given) {
            assert.ok(
              !body.includes(secret) && !body.includes(Buffer.from(secret).toString('base64')),
              `${doc.kind} ${doc.metadata.name} contains a secret value`,
            );
          }
        }
      });

      it('reads from Secrets only keys that are there, or optional ones', () => {
        const made = new Map(
          docs.filter((d) => d.kind === 'Secret').map((d) => [d.metadata.name, Object.keys(d.data ?? {})]),
        );
        for (const doc of workloads()) {
          const spec = podSpecOf(doc)!;
          for (const container of [...spec.containers, ...(spec.initContainers ?? [])]) {
            for (const ref of (container.env ?? [])
              .map((v) => v.valueFrom?.secretKeyRef)
              .filter((r) => r !== undefined)) {
              assert.ok(secretKeys().has(ref.key), `${ref.key} is a documented Secret key`);
              const keys = made.get(ref.name);
              // A Secret the chart does not make is the operator's (secrets.name, the certificates).
              if (keys && !ref.optional)
                assert.ok(
                  keys.includes(ref.key),
                  `${doc.metadata.name}/${container.name} needs ${ref.key} from ${ref.name}`,
                );
            }
          }
        }
      });

      it('runs the migrations as a pre-install/pre-upgrade hook Job, after any Secret it reads', () => {
        const job = docs.find((d) => d.kind === 'Job')!;
        const hooks = (d: Doc) => (d.metadata.annotations?.['helm.sh/hook'] ?? '').split(',').sort();
        assert.deepEqual(hooks(job), ['pre-install', 'pre-upgrade']);
        assert.equal(job.spec.template.spec.restartPolicy, 'Never');
        const container = job.spec.template.spec.containers[0] as Container;
        // Hooks run before the release's own resources exist: no ConfigMap, and only hook Secrets or the operator's.
        assert.equal(container.envFrom, undefined);
        for (const ref of (container.env ?? []).map((v) => v.valueFrom?.secretKeyRef).filter((r) => r !== undefined)) {
          const secret = docs.find((d) => d.kind === 'Secret' && d.metadata.name === ref.name);
          if (!secret) continue;
          assert.deepEqual(hooks(secret), ['pre-install', 'pre-upgrade'], `${ref.name} exists when the Job runs`);
          assert.ok(
            Number(secret.metadata.annotations!['helm.sh/hook-weight']) <
              Number(job.metadata.annotations!['helm.sh/hook-weight'] ?? 0),
          );
        }
        assert.ok(environmentOf(container, docs).DATABASE_URL);
      });

      it("runs each process with docker compose's command for it", () => {
        let checked = 0;
        for (const doc of workloads()) {
          for (const container of [...podSpecOf(doc)!.containers, ...(podSpecOf(doc)!.initContainers ?? [])]) {
            const service = compose.services[composeService[container.name] ?? ''];
            assert.ok(service?.command, `docker compose has a service for ${container.name}`);
            assert.deepEqual(container.command, service.command, container.name);
            checked++;
          }
        }
        assert.ok(checked >= 4);
      });

      it("deploys the image tagged with the chart's appVersion", () => {
        for (const doc of workloads()) {
          for (const container of [...podSpecOf(doc)!.containers, ...(podSpecOf(doc)!.initContainers ?? [])]) {
            assert.match(
              container.image,
              new RegExp(`:${chart.appVersion.replaceAll('.', '\\.')}$`),
              `${doc.metadata.name}/${container.name}`,
            );
          }
        }
        if (!c.valuesFiles.length)
          assert.ok(
            workloads().every((d) =>
              podSpecOf(d)!.containers.every((ct) => ct.image === `${defaults.image.repository}:${chart.appVersion}`),
            ),
          );
      });

      it('runs as the non-root node user with a read-only root filesystem', () => {
        for (const doc of workloads()) {
          const spec = doc.spec.template.spec;
          assert.equal(spec.securityContext.runAsNonRoot, true);
          assert.equal(spec.securityContext.runAsUser, 1000);
          for (const container of [...spec.containers, ...(spec.initContainers ?? [])]) {
            assert.equal(
              container.securityContext.readOnlyRootFilesystem,
              true,
              `${doc.metadata.name}/${container.name}`,
            );
            assert.equal(container.securityContext.allowPrivilegeEscalation, false);
            const mounts = (container.volumeMounts as { mountPath: string }[]).map((m) => m.mountPath);
            assert.ok(
              mounts.includes('/tmp') && mounts.includes('/data'),
              `${container.name} can write /tmp and DATA_DIR`,
            );
          }
        }
      });
    });
  }

  it('mounts the certificates Secret read-only at CERTS_DIR of a production signing service', async () => {
    const { docs } = await render(cases[0]!);
    const signer = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === 'muni-expediente-signer')!;
    const container = signer.spec.template.spec.containers[0];
    const env = environmentOf(container, docs);
    assert.equal(env.ENVIRONMENT, 'prd');
    const mount = container.volumeMounts.find(
      (m: { mountPath: string }) => m.mountPath === loadSignerConfig(env).certsDir,
    );
    assert.equal(mount?.readOnly, true);
    const volume = signer.spec.template.spec.volumes.find((v: { name: string }) => v.name === mount.name);
    assert.equal(volume.secret.secretName, 'muni-expediente-certificates');
  });

  it('sends the ServiceMonitor to ports the Services have, with METRICS_TOKEN from the Secret', async () => {
    const { docs } = await render(cases[1]!);
    const monitor = docs.find((d) => d.kind === 'ServiceMonitor')!;
    const components = monitor.spec.selector.matchExpressions.find(
      (e: { key: string }) => e.key === 'app.kubernetes.io/component',
    ).values as string[];
    const component = (d: Doc) => d.metadata.labels?.['app.kubernetes.io/component'] ?? '';
    const services = docs.filter((d) => d.kind === 'Service' && components.includes(component(d)));
    assert.deepEqual(services.map(component).sort(), ['api', 'signer', 'worker']);
    for (const service of services) {
      assert.ok(
        monitor.spec.endpoints.some((e: { port: string }) =>
          service.spec.ports.some((p: { name: string }) => p.name === e.port),
        ),
        `${service.metadata.name} is scraped`,
      );
    }
    for (const endpoint of monitor.spec.endpoints) {
      assert.equal(endpoint.path, '/metrics');
      assert.deepEqual(endpoint.authorization.credentials, { name: 'muni-expediente-secrets', key: 'METRICS_TOKEN' });
    }
  });

  it('refuses to render with a clear message what cannot work', async () => {
    const refused = async (args: string[], message: RegExp) => {
      await assert.rejects(render(cases[0]!, args), (err: Error & { stderr?: string }) => {
        assert.match(err.stderr ?? '', message);
        return true;
      });
    };
    await refused(['--set', 'secrets.create=true'], /secrets\.values\.DATABASE_URL is required with secrets\.create/);
    await refused(['--set', 'signer.environment=test'], /development PKI per pod: run one replica/);
    await refused(['--set', 'devServices.csc.enabled=true'], /devServices\.csc needs devServices\.tsa/);
    await refused(['--set', 'storage.driver=filesystem'], /storage\.dataClaim is required/);
  });

  it('the offline schemas refuse a misspelt field (kubeconform really checks)', async () => {
    const { docs } = await render(cases[0]!);
    const api = structuredClone(docs.find((d) => d.kind === 'Deployment')!);
    api.spec.template.spec.containers[0].readinesProbe = api.spec.template.spec.containers[0].readinessProbe;
    const { code, problems } = await validate(yaml.dump(api));
    assert.equal(code, 1);
    assert.match(problems.join('\n'), /readinesProbe/);
  });

  it('docker-compose.yml still validates (docker compose config)', async function () {
    const docker = tool('docker');
    const hasCompose =
      docker &&
      (await run(docker, ['compose', 'version']).then(
        () => true,
        () => false,
      ));
    if (!hasCompose) {
      console.log('      skipped: no docker compose on this machine');
      this.skip();
    }
    await run(docker!, ['compose', '-f', path.join(root, 'docker-compose.yml'), 'config', '--quiet'], { cwd: root });
  });
});
