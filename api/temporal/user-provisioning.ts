/**
 * The API's side of UserProvisioningWorkflow: start it (waiting, bounded, until the user is
 * invited or linked), resend an invitation, read its status, and tell it about a first login.
 */
import { WithStartWorkflowOperation, WorkflowNotFoundError, WorkflowUpdateStage } from '@temporalio/client';
import type { UserContext } from '../../domain/context.js';
import { conflict } from '../../domain/errors.js';
import { checkNewUser, userForInvitation } from '../../domain/users/provisioning.js';
import { workflowIds } from '../../contract/ids.js';
import { STATUS, TENANT, USER_EMAIL } from '../../contract/search-attributes.js';
import {
  firstLoginSignal,
  provisionedUpdate,
  provisioningStatusQuery,
  resendInvitationSignal,
  USER_PROVISIONING_WORKFLOW,
  type NewUser,
  type ProvisioningInput,
  type ProvisioningState,
  type UserProvisioningWorkflow,
} from '../../contract/user-provisioning.js';
import {
  CREDENTIAL_REVOCATION_WORKFLOW,
  type CredentialRevocationWorkflow,
} from '../../contract/signing-credentials.js';
import { deactivateUser, type Deactivation } from '../../domain/users/deactivation.js';
import type { ApiDeps } from '../deps.js';
import { waitAtMost, type Waited } from './document-signing.js';
import { businessError } from './workflow-errors.js';

export function userProvisioning(deps: ApiDeps) {
  const { client, connection } = deps.temporal;
  const idOf = (tenant: string, email: string) => workflowIds.userProvisioning(tenant, email);

  function startOptions(ctx: UserContext, input: ProvisioningInput) {
    return {
      workflowId: idOf(ctx.tenant.schema, input.user.email),
      taskQueue: deps.config.temporal.taskQueue,
      args: [input] as [ProvisioningInput],
      typedSearchAttributes: [
        { key: TENANT, value: ctx.tenant.schema },
        { key: USER_EMAIL, value: input.user.email.toLowerCase() },
        { key: STATUS, value: 'provisioning' },
      ],
      memo: { full_name: input.user.fullName, requested_by: ctx.user.fullName },
      staticSummary: `Alta de ${input.user.fullName} <${input.user.email.toLowerCase()}>`,
    };
  }

  function inputFor(ctx: UserContext, user: NewUser): ProvisioningInput {
    return {
      tenant: ctx.tenant.schema,
      requestedBy: ctx.user.id,
      user: { ...user, email: user.email.toLowerCase() },
      ticketTtlSeconds: deps.config.invitationTtlSeconds,
    };
  }

  return {
    async create(ctx: UserContext, user: NewUser): Promise<Waited<ProvisioningState>> {
      await checkNewUser(ctx, user);
      const operation = new WithStartWorkflowOperation<UserProvisioningWorkflow>(USER_PROVISIONING_WORKFLOW, {
        ...startOptions(ctx, inputFor(ctx, user)),
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
      try {
        const update = await client.workflow.startUpdateWithStart(provisionedUpdate, {
          waitForStage: WorkflowUpdateStage.ACCEPTED,
          startWorkflowOperation: operation,
        });
        return await waitAtMost(connection, () => update.result(), deps.config.workflowWaitMs);
      } catch (err) {
        throw businessError(err, 'El alta del usuario no está en curso') ?? err;
      }
    },

    /** A new ticket and email; a finished (expired) provisioning starts again with the user's data. */
    async resend(ctx: UserContext, userId: string): Promise<{ workflowId: string }> {
      const user = await userForInvitation(ctx, userId);
      if (user.authId) throw conflict('El usuario ya activó su cuenta');
      const handle = await client.workflow.signalWithStart<UserProvisioningWorkflow, []>(USER_PROVISIONING_WORKFLOW, {
        ...startOptions(ctx, inputFor(ctx, user)),
        signal: resendInvitationSignal,
        signalArgs: [],
      });
      return { workflowId: handle.workflowId };
    },

    async status(ctx: UserContext, userId: string): Promise<ProvisioningState & { workflow_id: string | null }> {
      const user = await userForInvitation(ctx, userId);
      const workflowId = idOf(ctx.tenant.schema, user.email);
      try {
        const state = await client.workflow.getHandle(workflowId).query(provisioningStatusQuery);
        return { ...state, workflow_id: workflowId };
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
        // Users created before provisioning existed (or seeded) have no run: answer from the row.
        return {
          workflow_id: null,
          email: user.email,
          userId: user.id,
          identityUserId: null,
          authId: user.authId,
          ticketsIssued: 0,
          ticketExpiresAt: null,
          status: user.authId ? 'active' : user.invitationStatus === 'expired' ? 'expired' : 'invited',
        };
      }
    },

    /**
     * Deactivates the user now and starts the revocation of their personal signing credential
     * (a run per user: a repeat finds it). Answers the run's ID.
     */
    async deactivate(ctx: UserContext, userId: string): Promise<Deactivation & { revocationWorkflowId: string }> {
      const done = await deactivateUser(ctx, userId);
      const workflowId = workflowIds.credentialRevocation(ctx.tenant.schema, userId);
      await client.workflow.start<CredentialRevocationWorkflow>(CREDENTIAL_REVOCATION_WORKFLOW, {
        workflowId,
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ tenant: ctx.tenant.schema, userId, requestedBy: ctx.user.id }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: USER_EMAIL, value: done.email.toLowerCase() },
        ],
        staticSummary: `Revocación del certificado de firma de <${done.email.toLowerCase()}>`,
      });
      return { ...done, revocationWorkflowId: workflowId };
    },

    /** Onboarding saw the user's first valid token: the run stops waiting. */
    async firstLogin(tenant: string, email: string, sub: string): Promise<void> {
      try {
        await client.workflow.getHandle(idOf(tenant, email)).signal(firstLoginSignal, sub);
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError))
          deps.log.warn('could not signal the provisioning run', { email, error: (err as Error).message });
      }
    },
  };
}
