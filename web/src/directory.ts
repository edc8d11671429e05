import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { useAuth } from './auth';

export function useUsers() {
  return useQuery({
    queryKey: ['users', 'all'],
    queryFn: () => call('get', '/api/v1/users'),
    staleTime: 5 * 60_000,
  });
}

export interface SectorOption {
  sector_id: string;
  name: string;
  acronym: string;
}

/**
 * Sectors, for the recipients of a note. The backend has no sector catalogue, so they are read
 * from the users' profiles (primary and additional sectors) and the caller's own permissions.
 */
export function useSectors(enabled = true) {
  const { me } = useAuth();
  const users = useUsers();
  return useQuery({
    queryKey: ['sectors', users.data?.total],
    enabled: enabled && Boolean(users.data),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const found = new Map<string, SectorOption>();
      for (const p of me.permissions)
        found.set(p.sector_id, { sector_id: p.sector_id, name: p.name, acronym: p.acronym });
      const profiles = await Promise.all(
        (users.data?.users ?? []).map((u) =>
          call('get', '/api/v1/users/{id}/profile', { path: { id: u.user_id } }).catch(() => undefined),
        ),
      );
      for (const p of profiles) {
        if (!p) continue;
        const name = p.sector_name ?? p.sector_acronym ?? '';
        if (p.sector_id && !found.has(p.sector_id))
          found.set(p.sector_id, { sector_id: p.sector_id, name, acronym: p.sector_acronym ?? '' });
        for (const s of p.additional_sectors)
          if (!found.has(s.sector_id))
            found.set(s.sector_id, { sector_id: s.sector_id, name: s.name, acronym: s.acronym });
      }
      return [...found.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
    },
  });
}
