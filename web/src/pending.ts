import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { useAuth } from './auth';

/** The documents waiting for this user's signature now, as the server's signing rules decide (`can_sign_now`). */
export function usePendingSignatures() {
  const { me } = useAuth();
  return useQuery({
    queryKey: ['documents', 'pending', me.user_id],
    queryFn: async () => {
      const page = await call('get', '/api/v1/users/{id}/documents', {
        path: { id: me.user_id },
        query: { status: 'sent_to_sign', page_size: 100 },
      });
      return page.documents.filter((d) => d.can_sign_now);
    },
  });
}

/** The dashboard's figures, among them how many documents wait for the user's signature (the menu's badge). */
export function usePendingCount() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: () => call('get', '/api/v1/dashboard/stats'),
    refetchInterval: 60_000,
  });
}
