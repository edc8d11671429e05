import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, type Data } from '../client';
import { ErrorAlert, formatDate, Loading } from '../components/common';
import { Mailbox, type Box, type BoxPage, type BoxQuery } from '../components/Mailbox';

type MemoItem = Data<'get', '/api/v1/memos/received'>['memos'][number];
type Person = Data<'get', '/api/v1/memos/{id}'>['recipients']['to'][number];

/** Each box is its own route; the pages have the same shape. */
async function loadBox(box: Box, query: BoxQuery): Promise<BoxPage<MemoItem>> {
  const { memos, ...page } =
    box === 'received'
      ? await call('get', '/api/v1/memos/received', { query })
      : box === 'sent'
        ? await call('get', '/api/v1/memos/sent', { query })
        : await call('get', '/api/v1/memos/archived', { query });
  return { items: memos, ...page };
}

function MemoView({ id, onRead }: { id: string; onRead: () => void }) {
  const memo = useQuery({
    queryKey: ['memos', 'detail', id],
    queryFn: () => call('get', '/api/v1/memos/{id}', { path: { id } }),
  });
  const loaded = Boolean(memo.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mark it read once, when it first loads (onRead changes on every render)
  useEffect(() => {
    if (loaded) onRead();
  }, [loaded]);
  if (memo.isLoading) return <Loading />;
  if (!memo.data) return <ErrorAlert error={memo.error} title="No se pudo abrir el memo" />;
  const m = memo.data;
  const names = (list: Person[] | null) => (list ?? []).map((p) => p.full_name).join(', ') || '—';
  return (
    <Stack gap="xs">
      <Text size="sm">
        {m.official_number ?? '—'} · {formatDate(m.signed_at)} · De: {m.sender.full_name} ({m.sender.sector_name})
      </Text>
      <Text size="sm">
        Para: {names(m.recipients.to)} · CC: {names(m.recipients.cc)}
        {m.recipients.bcc ? ` · CCO: ${names(m.recipients.bcc)}` : ''}
      </Text>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored, and the CSP runs no inline script */}
      <div className="doc-html" dangerouslySetInnerHTML={{ __html: m.content.html }} />
      {m.signed_pdf_url && (
        <Anchor href={m.signed_pdf_url} target="_blank" rel="noopener">
          PDF firmado
        </Anchor>
      )}
      {m.openings && (
        <Text size="sm" c="dimmed">
          Aperturas: {m.openings.length}
        </Text>
      )}
    </Stack>
  );
}

export default function Memos() {
  const unread = useQuery({ queryKey: ['memos', 'unread'], queryFn: () => call('get', '/api/v1/memos/unread-count') });
  return (
    <Mailbox<MemoItem>
      title="Memos"
      singular="Memo"
      kind="MEMO"
      newLabel="Nuevo memo"
      resource="memos"
      load={loadBox}
      unreadCount={unread.data?.unread_count}
      toItem={(m, box) => ({
        id: m.document_id,
        number: m.official_number,
        subject: m.reference,
        date: m.signed_at,
        unread: box === 'received' && m.read_status?.opened === false,
        who:
          box === 'sent'
            ? (m.recipients ?? []).map((r) => r.full_name).join(', ')
            : `${m.sender.full_name} (${m.sender.sector_acronym})`,
        ...(box === 'sent' ? { extra: `${m.openings_count ?? 0} apertura(s)` } : {}),
      })}
      renderDetail={(id, onRead) => <MemoView key={id} id={id} onRead={onRead} />}
      archive={(id, archived) => call('patch', '/api/v1/memos/{id}/archive', { path: { id }, body: { archived } })}
    />
  );
}
