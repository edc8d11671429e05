/**
 * The UserProvisioningWorkflow contract: input, state, and the signals, query and update the API
 * sends. Safe to import from workflow code.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { NewUser } from '../domain/users/provisioning.js';

export const USER_PROVISIONING_WORKFLOW = 'userProvisioningWorkflow';
export type UserProvisioningWorkflow = (input: ProvisioningInput) => Promise<ProvisioningState>;

export interface ProvisioningInput {
  tenant: string;
  /** The administrator who asked for the user. */
  requestedBy: string;
  user: NewUser;
  ticketTtlSeconds: number;
}

export type ProvisioningStatus = 'provisioning' | 'invited' | 'active' | 'linked_social' | 'expired';

export interface ProvisioningState {
  status: ProvisioningStatus;
  email: string;
  userId: string | null;
  identityUserId: string | null;
  authId: string | null;
  ticketsIssued: number;
  ticketExpiresAt: string | null;
}

export const firstLoginSignal = defineSignal<[string]>('firstLogin');
export const resendInvitationSignal = defineSignal('resendInvitation');
export const provisioningStatusQuery = defineQuery<ProvisioningState>('provisioningStatus');
/** Answers once the user exists and is invited or linked (the API waits on it after the start). */
export const provisionedUpdate = defineUpdate<ProvisioningState>('provisioned');
