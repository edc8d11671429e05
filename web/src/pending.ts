import { useQuery } from '@tanstack/react-query';
import { api, qs } from './api';
import { useAuth } from './auth';
import type { PageInfo, UserDocument } from './types';

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
      const page = await api<{ documents: UserDocument[] } & PageInfo>(`/api/v1/users/${me.user_id}/documents${qs({ status: 'sent_to_sign', page_size: 100 })}`);
      return page.documents.filter(isPendingForMe);
    },
  });
}
