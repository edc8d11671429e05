/**
 * The municipality's signature mode and the users set apart from it (administrators): one query
 * shared by Firma and Usuarios, so a change made in one shows in the other.
 */
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from './client';

export type SignatureSettings = Data<'get', '/api/v1/admin/signatures'>;
export type SignatureMode = SignatureSettings['default_mode'];

export const MODE_LABELS: Record<SignatureMode, string> = { seal: 'Sello del municipio', personal: 'Firma personal' };

export function useSignatureSettings(enabled = true) {
  return useQuery({ queryKey: ['signatures'], queryFn: () => call('get', '/api/v1/admin/signatures'), enabled });
}

/** A user's own mode, or undefined when they sign with the municipality's. */
export function modeOf(settings: SignatureSettings | undefined, userId: string): SignatureMode | undefined {
  return settings?.users.find((u) => u.user_id === userId)?.mode;
}
