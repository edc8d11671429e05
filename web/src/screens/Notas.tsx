import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from '../client';
import { ErrorAlert, formatDate, Loading } from '../components/common';
import { Mailbox, type Box, type BoxPage, type BoxQuery } from '../components/Mailbox';

type NoteItem = Data<'get', '/api/v1/notes/received'>['notes'][number];

/** Each box is its own route; the pages have the same shape. */
async function loadBox(box: Box, query: BoxQuery): Promise<BoxPage<NoteItem>> {
  const { notes, ...page } = box === 'received'
    ? await call('get', '/api/v1/notes/received', { query })
    : box === 'sent' ? await call('get', '/api/v1/notes/sent', { query }) : await call('get', '/api/v1/notes/archived', { query });
  return { items: notes, ...page };
}

function recipientText(r: NoteItem['recipients']): string {
  if (!r) return '';
  return (['to', 'cc', 'bcc'] as const).flatMap((k) => r[k].map((s) => `${s.acronym}${k === 'to' ? '' : ` (${k.toUpperCase()})`}`)).join(', ');
}

function NoteDetail({ id }: { id: string }) {
  const note = useQuery({ queryKey: ['notes', 'detail', id], queryFn: () => call('get', '/api/v1/notes/{id}', { path: { id } }) });
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
  const unread = useQuery({ queryKey: ['notes', 'unread'], queryFn: () => call('get', '/api/v1/notes/received', { query: { unread_only: true, page_size: 1 } }) });
  return (
    <Mailbox<NoteItem>
      title="Notas"
      resource="notes"
      load={loadBox}
      unreadCount={unread.data?.total}
      toItem={(n, box) => ({
        id: n.note_id, number: n.official_number, subject: n.reference, date: n.date, unread: box === 'received' && n.is_read === false,
        who: box === 'sent' ? recipientText(n.recipients) : `${n.sender.full_name} (${n.sender.sector.acronym})`,
      })}
      renderDetail={(id) => <NoteDetail id={id} />}
      archive={(id, archived) => call('post', '/api/v1/notes/{id}/archive', { path: { id }, body: { archived } })}
    />
  );
}
