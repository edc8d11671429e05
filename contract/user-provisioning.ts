/**
 * The UserProvisioningWorkflow contract: input, state, and the signals, query and update the API
 * sends. Safe to import from workflow code.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

export const USER_PROVISIONING_WORKFLOW = 'userProvisioningWorkflow';
export type UserProvisioningWorkflow = (input: ProvisioningInput) => Promise<ProvisioningState>;

/** A sector the new user joins, and what they may do there. */
export interface SectorGrant {
  sectorId: string;
  canView: boolean;
  canEdit: boolean;
  isPrimary: boolean;
}

/** The user to create, as the administrator asked for them. */
export interface NewUser {
  email: string;
  fullName: string;
  role: 'director' | 'empleado';
  cuit?: string | null;
  sectors: SectorGrant[];
}

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
