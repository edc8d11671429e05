/**
 * `npm run pki:revoke -- <tenant_id>`: revokes a tenant's certificate at the development CA, so
 * the dev OCSP responder answers `revoked` for it at once and the next CRL lists it; B-LT and
 * B-LTA requests of that tenant are then refused (CERTIFICATE_REVOKED) once the signer's cached
 * answer expires (REVOCATION_CACHE_MS). Development PKI only: a real tenant certificate is
 * revoked at the CA that issued it.
 *
 * The PKI is TSA_PKI_DIR (default <DATA_DIR>/pki); the certificate is CERTS_DIR/<tenant>.p12
 * (default the PKI's certs/), its password from CERT_PASSWORD_<TENANT_ID> or passwords.json.
 */
import path from 'node:path';
import { revokeTenantCertificate } from '../dev-pki.js';
import { TENANT_ID_PATTERN } from '../tenant.js';

const tenant = process.argv[2];
if (!tenant || !TENANT_ID_PATTERN.test(tenant)) {
  console.error('usage: npm run pki:revoke -- <tenant_id>   (revokes the tenant certificate at the development CA)');
  process.exit(2);
}
const env = process.env;
const dir = path.resolve(env.TSA_PKI_DIR || path.join(env.DATA_DIR || '.data', 'pki'));
try {
  const entry = await revokeTenantCertificate(
    { dir },
    {
      tenant,
      ...(env.CERTS_DIR ? { certsDir: path.resolve(env.CERTS_DIR) } : {}),
      ...(env[`CERT_PASSWORD_${tenant.toUpperCase()}`]
        ? { password: env[`CERT_PASSWORD_${tenant.toUpperCase()}`]! }
        : {}),
    },
  );
  console.log(`revoked ${entry.subject ?? tenant} (serial ${entry.serial}) at ${entry.revokedAt}`);
  console.log(
    'the dev OCSP responder answers "revoked" now and the next CRL lists it; issue a new certificate with cert:install or by deleting the .p12 (the dev PKI recreates it)',
  );
} catch (err) {
  console.error(`cannot revoke: ${(err as Error).message}`);
  process.exit(1);
}
