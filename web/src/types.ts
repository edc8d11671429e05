/**
 * Shapes of the backend answers the desk reads, taken from the backend's OpenAPI description
 * (backend-api.ts, generated) so a change of the API shows up here as a type error.
 */
import type { Data } from './client';

export type Me = Data<'get', '/api/v1/auth/me'>;
export type SectorPermission = Me['permissions'][number];
export interface PageInfo {
  total: number;
  page: number;
  page_size: number;
  total_pages?: number;
}
export type DocumentDetails = Data<'get', '/api/v1/documents/{id}/details'>;
export type DocStatus = DocumentDetails['status'];
export type UserDocument = Data<'get', '/api/v1/users/{id}/documents'>['documents'][number];
export type Recipients = NonNullable<NonNullable<DocumentDetails['editing']>['recipients']>;
/** A signer as the signers editor holds it: who, whether they number, and their state once sent. */
export type SignerItem = NonNullable<DocumentDetails['editing']>['signers'][number] & {
  status?: string;
  signed_at?: string | null;
};
export type DirectoryUser = Data<'get', '/api/v1/users'>['users'][number] & {
  sector?: string;
  sector_acronym?: string;
};
export type Stats = Data<'get', '/api/v1/dashboard/stats'>;
export type FeedItem = Data<'get', '/api/v1/dashboard/feed'>['items'][number];
export type SignatureDetails = Data<'get', '/api/v1/documents/{id}/signature-details'>;
