/**
 * CredentialRevocationWorkflow (ID `credential-revocation/<tenant>/<user id>`): revokes a
 * deactivated user's personal signing credential, retrying while the remote signing service is
 * down. What the user signed before stays valid: the certificate was good when each signature
 * was time-stamped, and the long-term validation data in the PDF says so.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { CredentialRevocationInput } from '../contract/signing-credentials.js';
import { RETRY } from './activity-options.js';

/** A call to the remote signing service: a normal activity, retried with backoff. */
const acts = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: RETRY });

export async function credentialRevocationWorkflow(input: CredentialRevocationInput): Promise<void> {
  await acts.revokeSigningCredentials(input);
}
