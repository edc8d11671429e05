/**
 * `npm run cert:install -- --tenant <schema> --p12 file.p12 (--password-env VAR | --password-file F) [--json]`:
 * checks a tenant's signing certificate (password, key usage, validity, chain) and installs it
 * where the signing service reads it (CERTS_DIR, CERT_PASSWORDS_FILE: the same variables the
 * service uses), then asks the running service what it now sees. Exit code 2: refused.
 * The password never travels on the command line (it would stay in the shell history and `ps`).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { CertificateRefused, installCertificate, type InstallResult } from '../signer/admin/index.js';
import { loadSignerConfig, SignerConfigError } from '../signer/config.js';

const usage =
  'usage: npm run cert:install -- --tenant <schema> --p12 file.p12 (--password-env VAR | --password-file FILE) [--json]';

async function password(values: { 'password-env'?: string; 'password-file'?: string }): Promise<string> {
  if (!!values['password-env'] === !!values['password-file'])
    throw new CertificateRefused(`give exactly one of --password-env and --password-file\n${usage}`);
  if (values['password-env']) {
    const v = process.env[values['password-env']];
    if (v === undefined) throw new CertificateRefused(`environment variable ${values['password-env']} is not set`);
    return v;
  }
  try {
    return (await readFile(values['password-file']!, 'utf8')).replace(/\r?\n$/, '');
  } catch {
    throw new CertificateRefused(`cannot read the password file ${values['password-file']}`);
  }
}

/** The running service's own view, or why there is none. */
async function signerView(tenant: string): Promise<{ reachable: boolean; body: unknown }> {
  const { signer } = loadConfig();
  try {
    const res = await fetch(`${signer.url}/certificate/${tenant}`, {
      headers: { 'X-API-Key': signer.apiKey },
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { reachable: true, body: { status: res.status, ...body } };
  } catch (err) {
    return {
      reachable: false,
      body: `the signing service at ${signer.url} is not reachable (${(err as Error).message}); it reads the new file on its next signature`,
    };
  }
}

function human(r: InstallResult, view: { reachable: boolean; body: unknown }): string {
  const lines = [
    `installed ${r.file}${r.replaced ? ` (previous one kept as ${r.replaced})` : ''}`,
    `  subject:   ${r.report.subject}`,
    `  issuer:    ${r.report.issuer}`,
    `  serial:    ${r.report.serial_number}`,
    `  valid:     ${r.report.not_before} → ${r.report.not_after}`,
    `  key usage: ${r.report.key_usage.join(', ') || '(no extension)'}`,
    `  chain:     ${r.report.chain.map((l) => l.subject).join('  ←issued by←  ')}${r.report.chain_complete ? '  (ends at a root)' : '  (INCOMPLETE)'}`,
    `  password:  ${r.password}`,
    ...r.report.warnings.map((w) => `  warning:   ${w}`),
    view.reachable ? `signing service: ${JSON.stringify(view.body)}` : `signing service: ${String(view.body)}`,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string' },
      p12: { type: 'string' },
      'password-env': { type: 'string' },
      'password-file': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (!values.tenant || !values.p12) throw new CertificateRefused(`--tenant and --p12 are required\n${usage}`);
  const pw = await password(values);
  let p12: Buffer;
  try {
    p12 = await readFile(values.p12);
  } catch {
    throw new CertificateRefused(`cannot read ${values.p12}`);
  }
  const signerConfig = loadSignerConfig();
  const result = await installCertificate({
    tenant: values.tenant,
    p12,
    password: pw,
    certsDir: signerConfig.certsDir,
    passwordsFile: signerConfig.passwordsFile,
  });
  const view = await signerView(values.tenant);
  console.log(values.json ? JSON.stringify({ ...result, signing_service: view }, null, 2) : human(result, view));
}

main().catch((err: Error) => {
  const operator =
    err instanceof CertificateRefused ||
    err instanceof SignerConfigError ||
    String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  console.error(operator ? `refused: ${err.message}` : (err.stack ?? err.message));
  process.exit(operator ? 2 : 1);
});
