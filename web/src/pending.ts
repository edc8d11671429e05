import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { useAuth } from './auth';
import type { UserDocument } from './types';

/** The documents waiting for this user's signature now (a numerator waits for the others first). */
export function isPendingForMe(d: UserDocument): boolean {
  if (d.status !== 'sent_to_sign' || d.usuario_ya_firmo) return false;
  if (d.rol_usuario === 'firmante') return true;
  return d.rol_usuario === 'numerador' && d.todos_firmantes_comunes_firmaron;
}

export function usePendingSignatures() {
  const { me } = useAuth();
  return useQuery({
    queryKey: ['documents', 'pending', me.user_id],
    queryFn: async () => {
      const page = await call('get', '/api/v1/users/{id}/documents', {
        path: { id: me.user_id },
        query: { status: 'sent_to_sign', page_size: 100 },
      });
      return page.documents.filter(isPendingForMe);
    },
  });
}
