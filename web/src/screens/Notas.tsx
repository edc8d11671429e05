import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, callRaw, type Data } from '../client';
import { ErrorAlert, formatDate, Loading } from '../components/common';
import { Mailbox, type Box, type BoxPage, type BoxQuery } from '../components/Mailbox';

type NoteItem = Data<'get', '/api/v1/notes/received'>['notes'][number];
type Sector = { name: string; acronym: string };

/** Each box is its own route; the pages have the same shape. */
async function loadBox(box: Box, query: BoxQuery): Promise<BoxPage<NoteItem>> {
  const { notes, ...page } =
    box === 'received'
      ? await call('get', '/api/v1/notes/received', { query })
      : box === 'sent'
        ? await call('get', '/api/v1/notes/sent', { query })
        : await call('get', '/api/v1/notes/archived', { query });
  return { items: notes, ...page };
}

/** A sector by its full name, with its acronym: "Mesa de Entradas (MESA)". */
const sectorName = (s: Sector) => (s.acronym ? `${s.name} (${s.acronym})` : s.name);

function recipientText(r: NoteItem['recipients']): string {
  if (!r) return '';
  return (['to', 'cc', 'bcc'] as const)
    .flatMap((k) => r[k].map((s) => `${sectorName(s)}${k === 'to' ? '' : ` (${k === 'cc' ? 'CC' : 'CCO'})`}`))
    .join(', ');
}

/** The signed note's PDF: the same short-lived link the document's own page downloads. */
async function signedPdfUrl(documentId: string): Promise<string | null> {
  const res = await callRaw('post', '/api/v1/documents/{id}/preview-download', { path: { id: documentId } });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return null;
  const body = (await res.json()) as { data?: { pdf_url?: string } };
  return body.data?.pdf_url ?? null;
}

function NoteDetail({ id, onRead }: { id: string; onRead: () => void }) {
  const note = useQuery({
    queryKey: ['notes', 'detail', id],
    queryFn: () => call('get', '/api/v1/notes/{id}', { path: { id } }),
  });
  const signed = note.data?.status === 'signed' ? note.data.document_id : undefined;
  const pdf = useQuery({
    queryKey: ['notes', 'detail', id, 'pdf'],
    queryFn: () => signedPdfUrl(signed!),
    enabled: Boolean(signed),
  });
  const loaded = Boolean(note.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mark it read once, when it first loads (onRead changes on every render)
  useEffect(() => {
    if (loaded) onRead();
  }, [loaded]);
  if (note.isLoading) return <Loading />;
  if (!note.data) return <ErrorAlert error={note.error} title="No se pudo abrir la nota" />;
  const n = note.data;
  const list = (k: 'to' | 'cc' | 'bcc') => n.recipients[k].map(sectorName).join(', ');
  return (
    <Stack gap="xs">
      <Text size="sm">
        {n.official_number ?? '—'} · {formatDate(n.sent_at)}
      </Text>
      <Text size="sm">
        De: {n.sender.full_name} ({n.sender.sector.name})
      </Text>
      <Text size="sm">
        Para: {list('to') || '—'}
        {n.recipients.cc.length ? ` · CC: ${list('cc')}` : ''}
        {n.recipients.bcc.length ? ` · CCO: ${list('bcc')}` : ''}
      </Text>
      {/* Stored HTML; the page's CSP runs no inline script or handler. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored, and the CSP runs no inline script */}
      <div className="doc-html" dangerouslySetInnerHTML={{ __html: n.content ?? '' }} />
      {pdf.data && (
        <Anchor href={pdf.data} target="_blank" rel="noopener">
          PDF firmado
        </Anchor>
      )}
    </Stack>
  );
}

export default function Notas() {
  const unread = useQuery({
    queryKey: ['notes', 'unread'],
    queryFn: () => call('get', '/api/v1/notes/received', { query: { unread_only: true, page_size: 1 } }),
  });
  return (
    <Mailbox<NoteItem>
      title="Notas"
      singular="Nota"
      kind="NOTA"
      newLabel="Nueva nota"
      resource="notes"
      load={loadBox}
      unreadCount={unread.data?.total}
      toItem={(n, box) => ({
        id: n.note_id,
        number: n.official_number,
        subject: n.reference,
        date: n.date,
        unread: box === 'received' && n.is_read === false,
        who: box === 'sent' ? recipientText(n.recipients) : `${n.sender.full_name} (${n.sender.sector.acronym})`,
      })}
      renderDetail={(id, onRead) => <NoteDetail key={id} id={id} onRead={onRead} />}
      archive={(id, archived) => call('post', '/api/v1/notes/{id}/archive', { path: { id }, body: { archived } })}
    />
  );
}
