/**
 * The documents waiting for the user's signature, with batch signing: a checkbox per document and
 * one for all, a link to each document (its screen shows the PDF), and one "Firmar" for the
 * selected ones through signBatch. Each click has its own Idempotency-Key, kept for "Reintentar",
 * so a retry attaches to the same batch and signs nothing twice. The server decides what may be
 * signed: a refused document stays listed with the reason it answered.
 */
import { Alert, Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../api';
import { authorizeBatch, signBatch } from '../sign-batch';
import { formatTime } from './common';
import { CodeDialog } from './PersonalSignatureDialog';
import { DueDate } from './Deadline';
import type { UserDocument } from '../types';

type BatchResult = Awaited<ReturnType<typeof signBatch>>;
export type BatchOutcome = BatchResult['outcomes'][number];

interface Batch {
  /** The Idempotency-Key of the click that started it. */
  key: string;
  /** The documents sent, as they were listed (a signed one leaves the list when it reloads). */
  documents: UserDocument[];
  done: number;
  running: boolean;
  outcomes?: Map<string, BatchOutcome>;
  error?: unknown;
  /** A personal signer's batch: its signatures prepared, one code e-mailed for all of them. */
  authorization?: { method: 'otp-email' | 'totp'; expiresAt: string | null };
}

const documentLabel = (d: Pick<UserDocument, 'acronym' | 'reference'>) => `${d.acronym} · ${d.reference}`;

/** What one document's answer says, in words. */
export function outcomeText(o: BatchOutcome): string {
  switch (o.status) {
    case 'signed':
      return 'Firmado';
    case 'numbered':
      return `Numerado ${o.document_number ?? ''}`.trim();
    case 'refused':
      return `No se firmó: ${o.error ?? 'motivo desconocido'}`;
    case 'awaiting_authorization':
      return 'Preparado: espera su código';
    default:
      return 'Pendiente';
  }
}

function OutcomeBadge({ outcome }: { outcome: BatchOutcome }) {
  if (outcome.status === 'refused')
    return (
      <Text size="sm" c="red.9" data-testid="batch-refusal">
        {outcomeText(outcome)}
      </Text>
    );
  const color = outcome.status === 'pending' || outcome.status === 'awaiting_authorization' ? 'gray' : 'green';
  // Dark text on light badges keeps the contrast AA.
  return (
    <Badge variant="light" color={color} c="dark.8" miw="max-content" tt="none">
      {outcomeText(outcome)}
    </Badge>
  );
}

export function PendingSignatures({ documents }: { documents: UserDocument[] }) {
  const client = useQueryClient();
  const progressId = useId();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [batch, setBatch] = useState<Batch | null>(null);

  // The refused documents of the last batch stay listed (with their reason) even when the
  // reloaded list no longer has them.
  const listed = new Set(documents.map((d) => d.document_id));
  const kept = (batch?.outcomes ? batch.documents : []).filter(
    (d) => !listed.has(d.document_id) && batch?.outcomes?.get(d.document_id)?.status === 'refused',
  );
  const rows = [...documents, ...kept];
  const running = !!batch?.running;
  const chosen = rows.filter((d) => selected.has(d.document_id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const progressOf = (key: string) => (done: number) => setBatch((b) => (b && b.key === key ? { ...b, done } : b));

  /** Shows what the batch answered: its outcomes, and the code dialog when it waits for one. */
  function settled(docs: UserDocument[], key: string, result: BatchResult) {
    const outcomes = new Map(result.outcomes.map((o) => [o.document_id, o]));
    const authorization = result.authorization_required
      ? { method: result.method ?? 'otp-email', expiresAt: result.expires_at ?? null }
      : undefined;
    setBatch({
      key,
      documents: docs,
      done: result.done,
      running: false,
      outcomes,
      ...(authorization ? { authorization } : {}),
    });
    if (authorization) return;
    setSelected(new Set());
    void client.invalidateQueries({ queryKey: ['documents'] });
    void client.invalidateQueries({ queryKey: ['document'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  }

  async function run(docs: UserDocument[], key: string) {
    setBatch({ key, documents: docs, done: 0, running: true });
    try {
      settled(
        docs,
        key,
        await signBatch(
          docs.map((d) => d.document_id),
          progressOf(key),
          key,
        ),
      );
    } catch (error) {
      setBatch((b) => (b && b.key === key ? { ...b, running: false, error } : b));
    }
  }

  const outcomes = batch?.outcomes
    ? batch.documents.map((d) => ({ doc: d, outcome: batch.outcomes!.get(d.document_id) }))
    : [];
  const signedCount = outcomes.filter((o) => o.outcome?.status === 'signed' || o.outcome?.status === 'numbered').length;
  const refusedCount = outcomes.filter((o) => o.outcome?.status === 'refused').length;

  return (
    <Stack gap="sm">
      {rows.length === 0 && <Text size="sm">No hay documentos esperando su firma.</Text>}
      {rows.length > 0 && (
        <>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox
              label="Seleccionar todos"
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              disabled={running}
              onChange={(e) =>
                setSelected(e.currentTarget.checked ? new Set(rows.map((d) => d.document_id)) : new Set())
              }
            />
            <Button
              color="teal"
              disabled={chosen.length === 0 || running}
              loading={running}
              onClick={() => void run(chosen, crypto.randomUUID())}
            >
              {chosen.length ? `Firmar seleccionados (${chosen.length})` : 'Firmar seleccionados'}
            </Button>
          </Group>
          <Table className="pending-signatures" aria-label="Documentos pendientes de mi firma">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>Seleccionar</VisuallyHidden>
                </Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Plazo</Table.Th>
                <Table.Th>Resultado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => {
                const outcome = batch?.outcomes?.get(d.document_id);
                return (
                  <Table.Tr key={d.document_id} data-document-id={d.document_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Seleccionar ${documentLabel(d)}`}
                        checked={selected.has(d.document_id)}
                        disabled={running}
                        onChange={(e) => toggle(d.document_id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/documentos/${d.document_id}`}>
                        {documentLabel(d)}
                      </Anchor>
                      {d.rol_usuario === 'numerador' && (
                        <Text size="xs" c="dimmed">
                          Usted numera
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {d.due_at ? (
                        <DueDate dueAt={d.due_at} overdue={d.overdue} />
                      ) : (
                        <Text size="sm" c="dimmed">
                          Sin plazo
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {outcome ? (
                        <OutcomeBadge outcome={outcome} />
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
      {batch && (
        <div className="batch-progress" role="status" aria-live="polite">
          {batch.running && (
            <>
              <label htmlFor={progressId}>{`Firmando ${batch.done} de ${batch.documents.length}`}</label>
              <progress id={progressId} max={batch.documents.length} value={batch.done} />
            </>
          )}
          {batch.outcomes && (
            <Text size="sm" fw={500}>
              {`Firma terminada: ${signedCount} firmado(s)${refusedCount ? `, ${refusedCount} sin firmar` : ''}.`}
            </Text>
          )}
        </div>
      )}
      {batch?.error !== undefined && !batch.running && (
        <Alert color="red" title="No se pudo completar la firma" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(batch.error)}</Text>
            <Text size="sm">Reintentar continúa el mismo lote: no firma dos veces lo que ya se firmó.</Text>
            <Button size="xs" variant="light" onClick={() => void run(batch.documents, batch.key)}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      )}
      {batch && (
        <BatchAuthorizationDialog
          batchKey={batch.key}
          count={[...(batch.outcomes?.values() ?? [])].filter((o) => o.status === 'awaiting_authorization').length}
          pending={batch.authorization}
          onProgress={progressOf(batch.key)}
          onFinished={(result) => settled(batch.documents, batch.key, result)}
          onClose={() => setBatch((b) => (b ? { ...b, authorization: undefined } : b))}
        />
      )}
      {outcomes.length > 0 && (
        <Stack gap={4} data-testid="batch-outcomes">
          <Text size="sm" fw={600} component="h3" m={0}>
            Resultado de la firma
          </Text>
          <ul className="batch-outcomes">
            {outcomes.map(({ doc, outcome }) => (
              <li key={doc.document_id} data-document-id={doc.document_id}>
                <Anchor component={Link} to={`/documentos/${doc.document_id}`} size="sm">
                  {documentLabel(doc)}
                </Anchor>
                {': '}
                {outcome ? (
                  <OutcomeBadge outcome={outcome} />
                ) : (
                  <Text span size="sm">
                    Sin respuesta
                  </Text>
                )}
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The one code of a personal signer's batch: every prepared signature is made with it
 * (POST /documents/sign-batch/{key}/authorize), then each document is completed.
 */
function BatchAuthorizationDialog({
  batchKey,
  count,
  pending,
  onProgress,
  onFinished,
  onClose,
}: {
  batchKey: string;
  count: number;
  pending: Batch['authorization'];
  onProgress: (done: number) => void;
  onFinished: (result: BatchResult) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const authorize = useMutation({
    mutationFn: () => authorizeBatch(batchKey, code, onProgress),
    onSuccess: (result) => {
      setCode('');
      onFinished(result);
    },
  });
  return (
    <CodeDialog
      opened={Boolean(pending)}
      onClose={onClose}
      intro={`Sus ${count} firma${count === 1 ? '' : 's'} están preparadas. ${pending?.method === 'totp' ? 'Ingrese el código de su aplicación de autenticación.' : 'Le enviamos un código por e-mail que las autoriza todas.'} ${pending?.expiresAt ? `Vence a las ${formatTime(pending.expiresAt)}.` : ''}`}
      description="6 dígitos; autoriza todas las firmas de este lote"
      code={code}
      onCode={setCode}
      onAuthorize={() => authorize.mutate()}
      authorizing={authorize.isPending}
      error={authorize.error}
    />
  );
}
