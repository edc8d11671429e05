import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { ErrorAlert, formatDate, Loading } from '../components/common';
import { Mailbox } from '../components/Mailbox';
import type { PageInfo } from '../types';

interface Sector { sector_id: string; name: string; acronym: string }
interface NoteItem {
  note_id: string; official_number: string | null; reference: string; date: string | null; is_read?: boolean;
  sender: { full_name: string; sector: Sector }; recipients?: Record<string, Sector[] | null> | Sector[];
}

function recipientText(r: NoteItem['recipients']): string {
  if (!r) return '';
  if (Array.isArray(r)) return r.map((s) => s.acronym).join(', ');
  return (['to', 'cc', 'bcc'] as const).flatMap((k) => (r[k] ?? []).map((s) => `${s.acronym}${k === 'to' ? '' : ` (${k.toUpperCase()})`}`)).join(', ');
}

function NoteDetail({ id }: { id: string }) {
  const note = useQuery({ queryKey: ['notes', 'detail', id], queryFn: () => api<NoteItem & { content: string | null; sent_at: string | null }>(`/api/v1/notes/${id}`) });
  if (note.isLoading) return <Loading />;
  if (!note.data) return <ErrorAlert error={note.error} title="No se pudo abrir la nota" />;
  const n = note.data;
  return (
    <Stack gap="xs">
      <Text fw={700}>{n.reference}</Text>
      <Text size="sm">{n.official_number} · {formatDate(n.sent_at)}</Text>
      <Text size="sm">De: {n.sender.full_name} ({n.sender.sector.acronym}) · Para: {recipientText(n.recipients)}</Text>
      {/* Stored HTML; the page's CSP runs no inline script or handler. */}
      <div className="doc-html" dangerouslySetInnerHTML={{ __html: n.content ?? '' }} />
    </Stack>
  );
}

export default function Notas() {
  const unread = useQuery({ queryKey: ['notes', 'unread'], queryFn: () => api<PageInfo>('/api/v1/notes/received?unread_only=true&page_size=1') });
  return (
    <Mailbox<NoteItem>
      title="Notas"
      resource="notes"
      listKey="notes"
      unreadCount={unread.data?.total}
      toItem={(n, box) => ({
        id: n.note_id, number: n.official_number, subject: n.reference, date: n.date, unread: box === 'received' && n.is_read === false,
        who: box === 'sent' ? recipientText(n.recipients) : `${n.sender.full_name} (${n.sender.sector.acronym})`,
      })}
      renderDetail={(id) => <NoteDetail id={id} />}
      archive={(id, archived) => api(`/api/v1/notes/${id}/archive`, { method: 'POST', body: { archived } })}
    />
  );
}
