export { CertificateRefused, inspectPkcs12, type CertificateReport, type ChainLink } from './inspect.js';
export { installCertificate, type InstallOptions, type InstallResult } from './install.js';
export { expiringCertificates, type CertificateLocation, type UnreadableCertificate } from './expiring.js';
