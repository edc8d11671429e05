import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { useAuth } from './auth';
import type { UserDocument } from './types';

/** Pages of the user's documents in signing read at most (100 each): a bound no signer's workload reaches. */
const MAX_PAGES = 20;

/** A page of the user's documents in signing, as `/api/v1/users/{id}/documents` answers it. */
export interface SigningPage {
  documents: UserDocument[];
  total_pages: number;
}

/**
 * The documents of every page `readPage` gives (up to MAX_PAGES) that the user may sign now: those
 * not yet the user's turn share the list, so a first page alone could miss some the dashboard counts.
 */
export async function pendingNowOf(readPage: (page: number) => Promise<SigningPage>): Promise<UserDocument[]> {
  const found: UserDocument[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await readPage(page);
    found.push(...list.documents.filter((d) => d.can_sign_now));
    if (page >= list.total_pages) break;
  }
  return found;
}

/** The documents waiting for this user's signature now, as the server's signing rules decide (`can_sign_now`). */
export function usePendingSignatures() {
  const { me } = useAuth();
  return useQuery({
    queryKey: ['documents', 'pending', me.user_id],
    queryFn: () =>
      pendingNowOf((page) =>
        call('get', '/api/v1/users/{id}/documents', {
          path: { id: me.user_id },
          query: { status: 'sent_to_sign', page_size: 100, page },
        }),
      ),
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
