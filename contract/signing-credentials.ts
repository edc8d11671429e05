/**
 * The CredentialRevocationWorkflow contract: after a user is deactivated, their personal signing
 * credential is revoked at the remote signing service (its certificate then shows revoked in the
 * development PKI's OCSP responder and CRL) and in our record. Safe to import from workflow code.
 */
export const CREDENTIAL_REVOCATION_WORKFLOW = 'credentialRevocationWorkflow';
export type CredentialRevocationWorkflow = (input: CredentialRevocationInput) => Promise<void>;

export interface CredentialRevocationInput {
  tenant: string;
  userId: string;
  /** The administrator who deactivated the user. */
  requestedBy: string;
}
