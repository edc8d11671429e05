import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { ErrorAlert, formatDate, Loading } from '../components/common';
import { Mailbox } from '../components/Mailbox';

interface Person { user_id: string; full_name: string; sector_acronym: string }
interface MemoItem {
  document_id: string; official_number: string; reference: string; signed_at: string | null; sender: Person;
  read_status?: { opened: boolean }; recipients?: (Person & { recipient_type: string })[]; openings_count?: number;
}
interface MemoDetail {
  official_number: string; reference: string; content: { html: string }; signed_at: string; signed_pdf_url: string | null;
  sender: Person & { sector_name: string }; recipients: { to: Person[]; cc: Person[]; bcc: Person[] | null };
  openings: { full_name?: string; opened_at?: string }[] | null;
}

function MemoView({ id }: { id: string }) {
  const memo = useQuery({ queryKey: ['memos', 'detail', id], queryFn: () => api<MemoDetail>(`/api/v1/memos/${id}`) });
  if (memo.isLoading) return <Loading />;
  if (!memo.data) return <ErrorAlert error={memo.error} title="No se pudo abrir el memo" />;
  const m = memo.data;
  const names = (list: Person[] | null) => (list ?? []).map((p) => p.full_name).join(', ') || '—';
  return (
    <Stack gap="xs">
      <Text fw={700}>{m.reference}</Text>
      <Text size="sm">{m.official_number} · {formatDate(m.signed_at)} · De: {m.sender.full_name} ({m.sender.sector_name})</Text>
      <Text size="sm">Para: {names(m.recipients.to)} · CC: {names(m.recipients.cc)}{m.recipients.bcc ? ` · CCO: ${names(m.recipients.bcc)}` : ''}</Text>
      <div className="doc-html" dangerouslySetInnerHTML={{ __html: m.content.html }} />
      {m.signed_pdf_url && <Anchor href={m.signed_pdf_url} target="_blank" rel="noopener">PDF firmado</Anchor>}
      {m.openings && <Text size="sm" c="dimmed">Aperturas: {m.openings.length}</Text>}
    </Stack>
  );
}

export default function Memos() {
  const unread = useQuery({ queryKey: ['memos', 'unread'], queryFn: () => api<{ unread_count: number }>('/api/v1/memos/unread-count') });
  return (
    <Mailbox<MemoItem>
      title="Memos"
      resource="memos"
      listKey="memos"
      unreadCount={unread.data?.unread_count}
      toItem={(m, box) => ({
        id: m.document_id, number: m.official_number, subject: m.reference, date: m.signed_at,
        unread: box === 'received' && m.read_status?.opened === false,
        who: box === 'sent' ? (m.recipients ?? []).map((r) => r.full_name).join(', ') : `${m.sender.full_name} (${m.sender.sector_acronym})`,
        ...(box === 'sent' ? { extra: `${m.openings_count ?? 0} apertura(s)` } : {}),
      })}
      renderDetail={(id) => <MemoView id={id} />}
      archive={(id, archived) => api(`/api/v1/memos/${id}/archive`, { method: 'PATCH', body: { archived } })}
    />
  );
}
