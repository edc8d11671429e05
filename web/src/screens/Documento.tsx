import {
  Alert,
  Badge,
  Button,
  FileInput,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call, callEnvelope, callRaw, type Data } from '../client';
import { Autosaver, saveStateText, type SaveState } from '../autosave';
import { ErrorAlert, formatDate, Loading, PageHeader, StatusBadge } from '../components/common';
import { fromDetails, orderForSave, SignersEditor, type SignerChoice } from '../components/SignersEditor';
import { RecipientsPicker } from '../components/RecipientsPicker';
import {
  DeadlineField,
  deadlineBody,
  DueDate,
  formatDueDate,
  NO_DEADLINE,
  type DeadlineValue,
} from '../components/Deadline';
import { useUsers } from '../directory';
import {
  authorizationAsked,
  PersonalSignatureDialog,
  type PendingAuthorization,
} from '../components/PersonalSignatureDialog';
import { certificateFacts, commonName, signatureKindText } from '../signature-kind';
import type { DocumentDetails, Recipients, SignatureDetails } from '../types';

type PreviewInfo = Data<'post', '/api/v1/documents/{id}/preview-info'>;

// The editor and pdf.js are the heaviest parts of the desk: loaded only on this screen.
const RichEditor = lazy(() => import('../components/RichEditor').then((m) => ({ default: m.RichEditor })));
const PdfViewer = lazy(() => import('../components/PdfViewer').then((m) => ({ default: m.PdfViewer })));

/** The document's PDF: the draft preview (watermarked) or the signed official file. */
async function loadPdf(id: string): Promise<Blob> {
  const res = await callRaw('post', '/api/v1/documents/{id}/preview-download', { path: { id } });
  if ((res.headers.get('content-type') ?? '').includes('application/pdf')) return res.blob();
  const body = (await res.json()) as { data: { pdf_url: string } };
  const file = await fetch(body.data.pdf_url);
  if (!file.ok) throw new Error(`No se pudo descargar el PDF (HTTP ${file.status})`);
  return file.blob();
}

type LongOp = { label: string; from: string } | undefined;

function useDocument(id: string, waiting: LongOp) {
  return useQuery({
    queryKey: ['document', id],
    queryFn: () => call('get', '/api/v1/documents/{id}/details', { path: { id } }),
    // While a signing operation answered 202, ask again until the status moves.
    refetchInterval: waiting ? 1500 : false,
  });
}

const EMPTY_RECIPIENTS: Recipients = { to: [], cc: [], bcc: [] };
const sameRecipients = (a: Recipients, b: Recipients) =>
  (['to', 'cc', 'bcc'] as const).every((k) => [...a[k]].sort().join() === [...b[k]].sort().join());

/** Who a NOTA (sectors) or MEMO (people) goes to, editable while it is a draft. */
function RecipientsEditor({
  documentId,
  kind,
  saved,
}: {
  documentId: string;
  kind: 'NOTA' | 'MEMO';
  saved: Recipients;
}) {
  const client = useQueryClient();
  const [value, setValue] = useState<Recipients>(saved);
  const save = useMutation({
    mutationFn: () =>
      call('patch', '/api/v1/documents/{id}/save', { path: { id: documentId }, body: { recipients: value } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Destinatarios guardados' });
      void client.invalidateQueries({ queryKey: ['document', documentId] });
    },
  });
  const changed = !sameRecipients(value, saved);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Destinatarios
      </Title>
      <RecipientsPicker kind={kind} value={value} onChange={setValue} />
      <Group mt="sm">
        <Button onClick={() => save.mutate()} disabled={!changed || value.to.length === 0} loading={save.isPending}>
          Guardar destinatarios
        </Button>
        {changed && (
          <Text size="sm" c="dimmed">
            Hay cambios sin guardar.
          </Text>
        )}
      </Group>
      <ErrorAlert error={save.error} title="No se pudieron guardar los destinatarios" />
    </Paper>
  );
}

/** An imported draft: its PDF as uploaded, which can be replaced until it is sent to sign. */
function ImportedPdf({ documentId }: { documentId: string }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const pdf = useQuery({ queryKey: ['document', documentId, 'pdf', 'imported'], queryFn: () => loadPdf(documentId) });
  const replace = useMutation({
    mutationFn: () => {
      if (!file) throw new Error('Elija el PDF nuevo');
      const form = new FormData();
      form.set('pdf_file', file, file.name);
      return callEnvelope('put', '/api/v1/documents/{id}/imported-pdf', { path: { id: documentId }, body: form });
    },
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: res.message });
      setFile(null);
      void client.invalidateQueries({ queryKey: ['document', documentId] });
    },
  });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        PDF importado
      </Title>
      <ErrorAlert error={pdf.error} title="No se pudo obtener el PDF" />
      {pdf.isLoading && <Loading label="Descargando el PDF…" />}
      {pdf.data && (
        <Suspense fallback={<Loading />}>
          <PdfViewer data={pdf.data} title="PDF importado" downloadName="importado.pdf" />
        </Suspense>
      )}
      <Group mt="sm" align="flex-end">
        <FileInput
          label="Reemplazar por otro PDF"
          accept="application/pdf"
          value={file}
          onChange={setFile}
          clearable
          w={320}
        />
        <Button variant="default" onClick={() => replace.mutate()} disabled={!file} loading={replace.isPending}>
          Reemplazar PDF
        </Button>
      </Group>
      <ErrorAlert error={replace.error} title="No se pudo reemplazar el PDF" />
    </Paper>
  );
}

function Editing({ doc, onSigningStarted }: { doc: DocumentDetails; onSigningStarted: (accepted: boolean) => void }) {
  const editing = doc.editing!;
  const client = useQueryClient();
  const navigate = useNavigate();
  const users = useUsers();
  const [reference, setReference] = useState(doc.reference);
  const [signers, setSigners] = useState<SignerChoice[]>(() => fromDetails(editing.signers));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [preview, setPreview] = useState<{ pdf: Blob; info: PreviewInfo }>();
  const [deadline, setDeadline] = useState<DeadlineValue>(NO_DEADLINE);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const content = useRef(editing.content ?? '');
  const saver = useMemo(
    () =>
      new Autosaver<{ content?: string; reference: string }>(async (v) => {
        await call('patch', '/api/v1/documents/{id}/save', { path: { id: doc.document_id }, body: v });
      }, setSaveState),
    [doc.document_id],
  );
  useEffect(
    () => () => {
      void saver.flush();
      saver.dispose();
    },
    [saver],
  );
  const change = (patch: Partial<{ content: string; reference: string }>) => {
    if (patch.content !== undefined) content.current = patch.content;
    // An imported document's content is its PDF: only the reference is saved.
    saver.change({
      ...(doc.is_imported ? {} : { content: content.current }),
      reference: (patch.reference ?? reference).trim() || doc.reference,
    });
  };

  const saveSigners = useMutation({
    mutationFn: () =>
      call('patch', '/api/v1/documents/{id}/save', {
        path: { id: doc.document_id },
        body: { signers: orderForSave(signers) },
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Firmantes guardados' });
      void client.invalidateQueries({ queryKey: ['document', doc.document_id] });
    },
  });
  const showPreview = useMutation({
    mutationFn: async () => {
      await saver.flush();
      const [pdf, info] = await Promise.all([
        loadPdf(doc.document_id),
        call('post', '/api/v1/documents/{id}/preview-info', { path: { id: doc.document_id } }),
      ]);
      return { pdf, info };
    },
    onSuccess: setPreview,
  });
  const start = useMutation({
    mutationFn: async () => {
      await saver.flush();
      if (saveState.kind === 'error') throw new Error('Guarde el contenido antes de enviar a firma');
      const due = deadlineBody(deadline);
      return callEnvelope('post', '/api/v1/documents/{id}/start-signing-process', {
        path: { id: doc.document_id },
        ...(Object.keys(due).length ? { body: due } : {}),
      });
    },
    onSuccess: (res) => {
      const dueAt =
        res.data && 'due_at' in res.data && typeof res.data.due_at === 'string' ? res.data.due_at : undefined;
      notifications.show({
        color: res.status === 202 ? 'yellow' : 'green',
        message: dueAt ? `${res.message} Vence el ${formatDueDate(dueAt)}.` : res.message,
      });
      onSigningStarted(res.status === 202);
    },
  });
  const remove = useMutation({
    mutationFn: () => call('delete', '/api/v1/documents/{id}', { path: { id: doc.document_id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['documents'] });
      navigate('/documentos');
    },
  });
  const signersChanged =
    JSON.stringify(orderForSave(signers)) !== JSON.stringify(orderForSave(fromDetails(editing.signers)));

  if (!editing.can_edit) {
    return (
      <Stack>
        <Alert color="blue">Este borrador es de otra persona: puede leerlo pero no editarlo.</Alert>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored, and the CSP runs no inline script */}
        <div className="doc-html" dangerouslySetInnerHTML={{ __html: editing.content ?? '' }} />
      </Stack>
    );
  }
  return (
    <Stack>
      {editing.rejection && (
        <Alert color="red" title="Documento rechazado" role="alert">
          Motivo: {editing.rejection.reason} ({formatDate(editing.rejection.rejected_at)}). Corríjalo y vuelva a
          enviarlo a firma.
        </Alert>
      )}
      <TextInput
        label="Referencia"
        value={reference}
        onChange={(e) => {
          setReference(e.currentTarget.value);
          change({ reference: e.currentTarget.value });
        }}
        maxLength={500}
      />
      {doc.is_imported ? (
        <ImportedPdf documentId={doc.document_id} />
      ) : (
        <Suspense fallback={<Loading label="Cargando el editor…" />}>
          <RichEditor initialHtml={editing.content ?? ''} onChange={(html) => change({ content: html })} />
        </Suspense>
      )}
      <Text
        size="sm"
        c={saveState.kind === 'error' ? 'red.8' : 'dimmed'}
        role="status"
        aria-live="polite"
        data-testid="save-state"
      >
        {saveStateText(saveState)}
      </Text>
      {(doc.document_type.acronym === 'NOTA' || doc.document_type.acronym === 'MEMO') && (
        <RecipientsEditor
          documentId={doc.document_id}
          kind={doc.document_type.acronym}
          saved={editing.recipients ?? EMPTY_RECIPIENTS}
        />
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Firmantes
        </Title>
        {users.error ? (
          <ErrorAlert error={users.error} />
        ) : (
          <SignersEditor users={users.data?.users ?? []} value={signers} onChange={setSigners} />
        )}
        <Group mt="sm">
          <Button
            onClick={() => saveSigners.mutate()}
            disabled={!signersChanged || signers.length === 0}
            loading={saveSigners.isPending}
          >
            Guardar firmantes
          </Button>
        </Group>
        <ErrorAlert error={saveSigners.error} title="No se pudieron guardar los firmantes" />
      </Paper>
      {editing.is_creator && (
        <DeadlineField
          label="Plazo de firma"
          noneLabel="Sin plazo (el del tipo de documento, si lo tiene)"
          value={deadline}
          onChange={setDeadline}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => showPreview.mutate()} loading={showPreview.isPending}>
          Vista previa
        </Button>
        {editing.is_creator && (
          <Button
            color="teal"
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={signersChanged || editing.signers.length === 0}
          >
            Iniciar firma
          </Button>
        )}
        {editing.is_creator && (
          <Button color="red" variant="subtle" onClick={() => setConfirmingDelete(true)}>
            Eliminar borrador
          </Button>
        )}
      </Group>
      <Modal opened={confirmingDelete} onClose={() => setConfirmingDelete(false)} title="¿Eliminar este borrador?">
        <Stack>
          <Text size="sm">
            Se elimina «{reference.trim() || doc.reference}» con su contenido y sus firmantes. No se puede deshacer.
          </Text>
          <ErrorAlert error={remove.error} title="No se pudo eliminar" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDelete(false)} data-autofocus>
              Cancelar
            </Button>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              Eliminar borrador
            </Button>
          </Group>
        </Stack>
      </Modal>
      {signersChanged && (
        <Text size="sm" c="dimmed">
          Guarde los firmantes para poder iniciar la firma.
        </Text>
      )}
      <ErrorAlert error={showPreview.error} title="No se pudo generar la vista previa" />
      <ErrorAlert error={start.error} title="No se pudo iniciar la firma" />
      {preview && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Vista previa (borrador)
          </Title>
          <Text size="sm" mb="xs" data-testid="preview-info">
            {preview.info.municipality} · {preview.info.document_type.name} · Firmantes:{' '}
            {preview.info.signers.length
              ? preview.info.signers.map((s) => (s.is_numerator ? `${s.full_name} (numera)` : s.full_name)).join(', ')
              : 'ninguno todavía'}
          </Text>
          <Suspense fallback={<Loading />}>
            <PdfViewer data={preview.pdf} title="Vista previa" downloadName="borrador.pdf" />
          </Suspense>
        </Paper>
      )}
    </Stack>
  );
}

/** Who made a signature by the register, where the validation says so (signed_by). */
type SignedByFacts =
  | { name: string; signature_kind: 'seal' | 'personal'; certificate_matches: boolean | null }
  | null
  | undefined;

function SignedBy({ signature }: { signature: object }) {
  const by = (signature as { signed_by?: SignedByFacts }).signed_by;
  if (!by) return null;
  return (
    <Text size="xs" c={by.certificate_matches === false ? 'red.9' : 'dark.4'}>
      {by.signature_kind === 'personal' ? `Firma personal de ${by.name}` : `Sello del municipio · firmó ${by.name}`}
      {by.certificate_matches === false && ' — el certificado no es el registrado para el firmante'}
    </Text>
  );
}

/**
 * The official file checked as public verification checks it: each signature's certificate,
 * whether it chains to the municipality's roots, and its time-stamp.
 */
function SignatureValidation({ documentId }: { documentId: string }) {
  const details = useQuery({
    queryKey: ['document', documentId, 'signature-details'],
    queryFn: () => call('get', '/api/v1/documents/{id}/signature-details', { path: { id: documentId } }),
  });
  if (details.isLoading) return <Loading label="Validando las firmas del PDF…" />;
  if (details.error || !details.data)
    return (
      <ErrorAlert
        error={details.error ?? new Error('Sin datos de las firmas')}
        title="No se pudieron validar las firmas"
      />
    );
  const validation = details.data.validation;
  if (!validation)
    return (
      <Text size="sm" c="dimmed">
        El documento todavía no tiene un PDF oficial para validar.
      </Text>
    );
  const signatures = validation.signatures.filter((s) => s.kind === 'signature');
  const ok = validation.verdict === 'authentic' || validation.verdict === 'authentic_extended';
  return (
    <Stack gap="xs" data-testid="signature-validation">
      <Alert color={ok ? 'teal' : 'red'} title={validation.message} role="status">
        {details.data.verification_code && (
          <>
            Código de verificación: <strong>{details.data.verification_code}</strong>.{' '}
          </>
        )}
        {signatures.length} firma{signatures.length === 1 ? '' : 's'} en el PDF.
      </Alert>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Certificado</Table.Th>
            <Table.Th>Emitido por</Table.Th>
            <Table.Th>Sello de tiempo</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {signatures.map((s, i) => {
            const valid = s.signature_valid && s.digest_valid && !s.modified_after;
            return (
              <Table.Tr key={s.field_name ?? i}>
                <Table.Td>
                  {commonName(s.signer_subject)}
                  <SignedBy signature={s} />
                </Table.Td>
                <Table.Td>{commonName(s.signer_issuer)}</Table.Td>
                <Table.Td>
                  {s.timestamp
                    ? `${formatDate(s.timestamp.time)} · ${commonName(s.timestamp.authority)}${s.timestamp.valid ? '' : ' (inválido)'}`
                    : 'Sin sello'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge variant="light" color={valid && s.trusted ? 'green' : 'red'} c="dark.8">
                    {!valid ? 'Inválida' : s.trusted ? 'Válida' : 'Certificado no reconocido'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

type SignerMadeWith = SignatureDetails['signers'][number];

/** Under a signer's name: "Firma personal · <CN>" or "Sello del municipio". */
function SignatureKind({ signer }: { signer: SignerMadeWith | undefined }) {
  const text = signer ? signatureKindText(signer) : undefined;
  if (!text) return null;
  return (
    <Text size="xs" c="dark.4" data-testid="signature-kind">
      {text}
    </Text>
  );
}

/**
 * The personal certificates that signed, with their CUIT and serial: under the table, where the
 * long hexadecimal serial has the panel's whole width instead of squeezing the signer's column.
 */
function PersonalCertificates({ signers }: { signers: SignerMadeWith[] }) {
  const listed = signers.flatMap((s) => {
    const facts = certificateFacts(s);
    return facts ? [{ s, facts }] : [];
  });
  if (listed.length === 0) return null;
  return (
    <Stack gap={2} mt="xs" data-testid="personal-certificates">
      <Text size="sm" fw={500}>
        Certificados personales
      </Text>
      {listed.map(({ s, facts }) => (
        <Text key={s.user_id} size="xs" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
          {s.full_name}: {facts}
        </Text>
      ))}
    </Stack>
  );
}

function Signing({ doc, onAccepted }: { doc: DocumentDetails; onAccepted: (label: string) => void }) {
  const signing = doc.signing!;
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const pdf = useQuery({
    queryKey: ['document', doc.document_id, 'pdf', doc.status],
    queryFn: () => loadPdf(doc.document_id),
    staleTime: Infinity,
  });
  const after = (res: { status: number; message: string }, label: string) => {
    notifications.show({ color: res.status === 202 ? 'yellow' : 'green', message: res.message });
    if (res.status === 202) onAccepted(label);
    void client.invalidateQueries({ queryKey: ['document', doc.document_id] });
    void client.invalidateQueries({ queryKey: ['documents'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
  // A personal signer's signature waits for the code the remote signing service sent them.
  const [authorization, setAuthorization] = useState<PendingAuthorization>();
  const sign = useMutation({
    mutationFn: () => callEnvelope('post', '/api/v1/documents/{id}/super-sign', { path: { id: doc.document_id } }),
    onSuccess: (res) => {
      const asked = authorizationAsked(res);
      if (asked) setAuthorization(asked);
      else after(res, 'Firmando…');
    },
  });
  // How each signature was made (seal or personal certificate), once someone has signed.
  const anySigned = signing.signers.some((s) => s.status === 'signed');
  const madeWith = useQuery({
    queryKey: ['document', doc.document_id, 'signature-details'],
    queryFn: () => call('get', '/api/v1/documents/{id}/signature-details', { path: { id: doc.document_id } }),
    enabled: anySigned,
  });
  const madeBy = new Map((madeWith.data?.signers ?? []).map((s) => [s.user_id, s]));
  const reject = useMutation({
    mutationFn: () =>
      callEnvelope('post', '/api/v1/documents/{id}/reject', {
        path: { id: doc.document_id },
        body: { reason: reason.trim() },
      }),
    onSuccess: (res) => {
      setRejecting(false);
      after(res, 'Rechazando…');
    },
  });
  const me = signing.current_user;
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb={doc.status === 'sent_to_sign' ? 4 : 'xs'}>
            {doc.status === 'signed' ? 'PDF oficial firmado' : 'Documento a firmar'}
          </Title>
          {doc.status === 'sent_to_sign' && (
            <Text size="sm" c="dimmed" mb="xs" data-testid="signing-file-note">
              Es exactamente el archivo que su firma cubrirá.
            </Text>
          )}
          <ErrorAlert error={pdf.error} title="No se pudo obtener el PDF" />
          {pdf.isLoading && <Loading label="Descargando el PDF…" />}
          {pdf.data && (
            <Suspense fallback={<Loading />}>
              <PdfViewer
                data={pdf.data}
                title={doc.official_number ?? doc.reference}
                downloadName={`${doc.official_number ?? 'documento'}.pdf`}
              />
            </Suspense>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack>
          {me.can_sign_now && (
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Su firma
              </Title>
              <Text size="sm" mb="sm">
                {me.is_numerator
                  ? 'Usted numera este documento: al firmar recibe su número oficial.'
                  : 'Revise el documento y fírmelo o rechácelo indicando el motivo.'}
              </Text>
              <Group>
                <Button color="teal" onClick={() => sign.mutate()} loading={sign.isPending}>
                  {me.is_numerator ? 'Firmar y numerar' : 'Firmar'}
                </Button>
                <Button color="red" variant="outline" onClick={() => setRejecting(true)}>
                  Rechazar
                </Button>
              </Group>
              <ErrorAlert error={sign.error} title="No se pudo firmar" />
            </Paper>
          )}
          {me.is_signer && me.has_signed && doc.status === 'sent_to_sign' && (
            <Alert color="teal">Usted ya firmó; faltan otras firmas.</Alert>
          )}
          {me.is_signer && !me.has_signed && !me.can_sign_now && doc.status === 'sent_to_sign' && (
            <Alert color="blue">Podrá numerar cuando firmen los demás firmantes.</Alert>
          )}
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              {doc.status === 'signed' ? 'Detalle de las firmas' : 'Firmantes'}
            </Title>
            {doc.official_number && (
              <Text mb="xs">
                Número oficial: <strong data-testid="official-number">{doc.official_number}</strong>
              </Text>
            )}
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Firmante</Table.Th>
                  <Table.Th>Rol</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Firmó</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {signing.signers.map((s) => (
                  <Table.Tr key={s.user_id}>
                    <Table.Td>
                      {s.full_name}
                      <SignatureKind signer={madeBy.get(s.user_id)} />
                    </Table.Td>
                    <Table.Td>{s.is_numerator ? 'Numerador' : 'Firmante'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        variant="light"
                        color={s.status === 'signed' ? 'green' : s.status === 'rejected' ? 'red' : 'gray'}
                        c="dark.8"
                      >
                        {s.status === 'signed' ? 'Firmado' : s.status === 'rejected' ? 'Rechazó' : 'Pendiente'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(s.signed_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PersonalCertificates signers={madeWith.data?.signers ?? []} />
            <Text size="sm" mt="xs" c="dimmed">
              Enviado a firma: {formatDate(signing.sent_to_sign_at)}
              {signing.signed_at ? ` · Firmado: ${formatDate(signing.signed_at)}` : ''}
            </Text>
            {signing.due_at && (
              <Group gap="xs" mt={4} data-testid="signing-deadline">
                <Text size="sm" fw={500}>
                  Plazo de firma:
                </Text>
                <DueDate dueAt={signing.due_at} overdue={signing.overdue} />
              </Group>
            )}
          </Paper>
          {doc.status === 'signed' && (
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Validación del PDF oficial
              </Title>
              <SignatureValidation documentId={doc.document_id} />
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      <PersonalSignatureDialog
        documentId={doc.document_id}
        pending={authorization}
        onClose={() => setAuthorization(undefined)}
        onFinished={(res) => {
          setAuthorization(undefined);
          after(res, 'Firmando…');
        }}
      />
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title="Rechazar el documento">
        <Stack>
          <Textarea
            label="Motivo del rechazo"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={3}
            maxLength={2000}
            data-autofocus
          />
          <ErrorAlert error={reject.error} title="No se pudo rechazar" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              Cancelar
            </Button>
            <Button color="red" onClick={() => reject.mutate()} disabled={!reason.trim()} loading={reject.isPending}>
              Rechazar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Grid>
  );
}

export default function Documento() {
  const { id = '' } = useParams();
  const [waiting, setWaiting] = useState<LongOp>();
  const doc = useDocument(id, waiting);
  const client = useQueryClient();
  useEffect(() => {
    if (waiting && doc.data && doc.data.status !== waiting.from) setWaiting(undefined);
  }, [waiting, doc.data]);
  if (doc.isLoading) return <Loading />;
  if (doc.error || !doc.data)
    return (
      <ErrorAlert error={doc.error ?? new Error('Documento no encontrado')} title="No se pudo abrir el documento" />
    );
  const d = doc.data;
  return (
    <Stack>
      <PageHeader title={d.official_number ?? d.reference}>
        <Badge variant="outline" c="dark">
          {d.document_type.name}
        </Badge>
        <StatusBadge status={d.status} />
      </PageHeader>
      <Text size="sm" c="dimmed">
        Creado por {d.created_by.full_name} el {formatDate(d.created_at)} · {d.reference}
      </Text>
      {waiting && (
        <Alert color="yellow" role="status">
          <Group gap="xs">
            <Loading label={`${waiting.label} La operación sigue en curso; esta página se actualiza sola.`} />
          </Group>
        </Alert>
      )}
      {d.state_category === 'editing' ? (
        <Editing
          key={d.status}
          doc={d}
          onSigningStarted={(accepted) => {
            if (accepted) setWaiting({ label: 'Enviando a firma…', from: d.status });
            void client.invalidateQueries({ queryKey: ['document', id] });
            void client.invalidateQueries({ queryKey: ['documents'] });
          }}
        />
      ) : (
        <Signing doc={d} onAccepted={(label) => setWaiting({ label, from: d.status })} />
      )}
    </Stack>
  );
}
