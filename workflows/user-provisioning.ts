/**
 * UserProvisioningWorkflow (ID `user-provisioning/<tenant>/<email>`): gives a new user an
 * identity. An email that already has a social-login account is linked to it (no password user).
 * Otherwise: a password account with a random password, a password-change ticket, the activation
 * email, our user row without `auth_id` — then it waits for the first login (signal from the
 * backend's onboarding) or the ticket's expiry, which marks the invitation expired. A resend
 * issues a new ticket and email; after an expiry, a resend starts a new run.
 */
import { condition, log, patched, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { STATUS } from '../contract/search-attributes.js';
import {
  firstLoginSignal,
  provisionedUpdate,
  provisioningStatusQuery,
  resendInvitationSignal,
  type ProvisioningInput,
  type ProvisioningState,
  type ProvisioningStatus,
} from '../contract/user-provisioning.js';
import { RETRY } from './activity-options.js';

/** Calls to the identity provider and the SMTP server: normal activities, retried with backoff. */
const acts = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: RETRY });

export async function userProvisioningWorkflow(input: ProvisioningInput): Promise<ProvisioningState> {
  const { tenant, user } = input;
  const state: ProvisioningState = {
    status: 'provisioning',
    email: user.email,
    userId: null,
    identityUserId: null,
    authId: null,
    ticketsIssued: 0,
    ticketExpiresAt: null,
  };
  let resends = 0;
  const setStatus = (status: ProvisioningStatus) => {
    state.status = status;
    upsertSearchAttributes([{ key: STATUS, value: status }]);
  };

  setHandler(provisioningStatusQuery, () => state);
  setHandler(firstLoginSignal, (sub) => {
    state.authId ??= sub;
  });
  setHandler(resendInvitationSignal, () => {
    resends++;
  });
  setHandler(provisionedUpdate, async () => {
    await condition(() => state.status !== 'provisioning');
    return state;
  });

  /**
   * The user's personal signing certificate, issued beside the invitation (never holding it up):
   * the remote signing service may be down for a while. Runs begun before personal signatures skip it.
   */
  let enrolment: Promise<void> = Promise.resolve();
  const enrol = (userId: string) => {
    if (!patched('personal-signing-credential')) return;
    enrolment = acts
      .enrolSigningCredential({ tenant, requestedBy: input.requestedBy, userId })
      .catch((err: unknown) => log.warn('signing credential not issued', { userId, error: (err as Error).message }));
  };

  const found = await acts.findIdentityAccounts({ email: user.email });
  if (found.social) {
    state.userId = await acts.saveInvitedUser({
      tenant,
      requestedBy: input.requestedBy,
      user,
      authId: found.social.userId,
      invitation: null,
    });
    enrol(state.userId);
    state.authId = found.social.userId;
    setStatus('linked_social');
    await enrolment;
    return state;
  }

  state.identityUserId =
    found.passwordUserId ?? (await acts.createPasswordAccount({ email: user.email, fullName: user.fullName, tenant }));
  state.userId = await acts.saveInvitedUser({
    tenant,
    requestedBy: input.requestedBy,
    user,
    authId: null,
    invitation: 'pending',
  });
  enrol(state.userId);

  let handled = resends;
  for (;;) {
    const ticket = await acts.createActivationTicket({
      identityUserId: state.identityUserId,
      ttlSeconds: input.ticketTtlSeconds,
    });
    state.ticketsIssued++;
    state.ticketExpiresAt = ticket.expiresAt;
    await acts.sendActivationEmail({
      tenant,
      to: user.email,
      fullName: user.fullName,
      link: ticket.url,
      expiresAt: ticket.expiresAt,
      sequence: state.ticketsIssued,
    });
    setStatus('invited');
    const woken = await condition(() => state.authId !== null || resends > handled, input.ticketTtlSeconds * 1000);
    if (state.authId !== null) {
      await acts.recordInvitationStatus({
        tenant,
        email: user.email,
        identityUserId: state.identityUserId,
        status: 'accepted',
      });
      setStatus('active');
      await enrolment;
      return state;
    }
    if (woken) {
      handled = resends;
      continue;
    }
    await acts.recordInvitationStatus({
      tenant,
      email: user.email,
      identityUserId: state.identityUserId,
      status: 'expired',
    });
    setStatus('expired');
    await enrolment;
    return state;
  }
}
