import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  List,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../auth';
import { call, type Data } from '../client';
import { ErrorAlert, formatDate, Loading, PageHeader, StatusBadge } from '../components/common';
import {
  DeadlineField,
  deadlineBody,
  DueDate,
  formatDueDate,
  NO_DEADLINE,
  OverdueBadge,
  type DeadlineValue,
} from '../components/Deadline';
import { CaseExport } from '../components/CaseExport';
import { CaseIndex } from '../components/CaseIndex';
import { CaseArchive } from '../components/CaseArchive';
import { CASE_STATUS } from './Expedientes';

type CaseDetail = Data<'get', '/api/v1/cases/{id}'>;
type Movement = CaseDetail['movements'][number];

const ACCESS_LABELS: Record<string, string> = {
  owner_sector: 'su sector es el dueño',
  assigned_sector: 'asignado a su sector',
  assigned_user: 'asignado a usted',
  creator: 'usted lo creó',
};
type TimelineEntry =
  | { kind: 'movement'; at: string; movement: CaseDetail['movements'][number] }
  | { kind: 'link'; at: string; link: CaseDetail['document_links'][number] };

/** Movements and document links in one list, newest first: a linked document shows where it happened. */
function timeline(c: CaseDetail): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...c.movements.map((m): TimelineEntry => ({ kind: 'movement', at: m.created_at, movement: m })),
    ...c.document_links.map((l): TimelineEntry => ({ kind: 'link', at: l.linked_at, link: l })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

const MOVEMENT_LABELS: Record<string, string> = {
  creation: 'Creación',
  transfer: 'Transferencia',
  assignment: 'Asignación',
};

function MoveForm({ caseId, kind, onDone }: { caseId: string; kind: 'transfer' | 'assign'; onDone: () => void }) {
  const client = useQueryClient();
  const sectors = useQuery({
    queryKey: ['cases', caseId, 'sectors'],
    queryFn: () => call('get', '/api/v1/cases/{id}/available-sectors', { path: { id: caseId } }),
  });
  const [sector, setSector] = useState<string | null>(null);
  const users = useQuery({
    queryKey: ['sector-users', sector],
    enabled: Boolean(sector),
    queryFn: () => call('get', '/api/v1/cases/sectors/{sectorId}/users', { path: { sectorId: sector ?? '' } }),
  });
  const [user, setUser] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [pv, setPv] = useState(false);
  const [deadline, setDeadline] = useState<DeadlineValue>(NO_DEADLINE);
  const move = useMutation({
    mutationFn: async () => {
      if (!sector) throw new Error('Elija el sector de destino');
      const body = {
        target_sector_id: sector,
        reason: reason.trim(),
        assigned_user_id: user,
        create_official_doc: pv,
        ...deadlineBody(deadline),
      };
      if (kind === 'transfer')
        await call('post', '/api/v1/cases/{id}/transfer', {
          path: { id: caseId },
          body: { ...body, transfer_ownership: true },
        });
      else await call('post', '/api/v1/cases/{id}/assign', { path: { id: caseId }, body });
    },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: kind === 'transfer' ? 'Expediente transferido' : 'Tarea asignada' });
      void client.invalidateQueries({ queryKey: ['case', caseId] });
      void client.invalidateQueries({ queryKey: ['cases'] });
      onDone();
    },
  });
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        move.mutate();
      }}
    >
      <ErrorAlert error={sectors.error} />
      <Select
        label="Sector de destino"
        data={(sectors.data?.sectors ?? []).map((s) => ({ value: s.sector_id, label: `${s.name} (${s.acronym})` }))}
        value={sector}
        onChange={(v) => {
          setSector(v);
          setUser(null);
        }}
        required
        searchable
      />
      <Select
        label="Persona (opcional)"
        data={(users.data?.users ?? []).map((u) => ({ value: u.user_id, label: u.full_name }))}
        value={user}
        onChange={setUser}
        clearable
        disabled={!sector}
      />
      <Textarea
        label="Motivo"
        description="Entre 5 y 500 caracteres"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        minLength={5}
        maxLength={500}
        autosize
        minRows={2}
      />
      <DeadlineField
        label={kind === 'transfer' ? 'Plazo para el sector de destino' : 'Plazo de la tarea'}
        description="Opcional: cuándo debe volver o responderse"
        value={deadline}
        onChange={setDeadline}
      />
      <Checkbox
        label="Generar la providencia (PV) firmada"
        checked={pv}
        onChange={(e) => setPv(e.currentTarget.checked)}
      />
      <ErrorAlert error={move.error} title="No se pudo completar el movimiento" />
      <Group justify="flex-end">
        <Button type="submit" loading={move.isPending} disabled={!sector || reason.trim().length < 5}>
          {kind === 'transfer' ? 'Transferir' : 'Asignar'}
        </Button>
      </Group>
    </Stack>
  );
}

function CloseAssignment({ caseId, movement, onDone }: { caseId: string; movement: Movement; onDone: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const close = useMutation({
    mutationFn: () =>
      call('post', '/api/v1/cases/{id}/close-assign', {
        path: { id: caseId },
        body: { movement_id: movement.movement_id, reason: reason.trim() },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['case', caseId] });
      onDone();
    },
  });
  return (
    <Stack>
      <Text size="sm">
        Asignación a {movement.to_sector}
        {movement.assigned_user ? ` (${movement.assigned_user.full_name})` : ''}: {movement.reason}
      </Text>
      <Textarea
        label="Motivo del cierre"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        autosize
        minRows={2}
        maxLength={500}
      />
      <ErrorAlert error={close.error} title="No se pudo cerrar la asignación" />
      <Group justify="flex-end">
        <Button onClick={() => close.mutate()} loading={close.isPending} disabled={!reason.trim()}>
          Cerrar asignación
        </Button>
      </Group>
    </Stack>
  );
}

function LinkDocument({ caseId, proposed }: { caseId: string; proposed: CaseDetail['my_proposed_drafts'] }) {
  const client = useQueryClient();
  const { me } = useAuth();
  const [number, setNumber] = useState('');
  const [draft, setDraft] = useState<string | null>(null);
  const drafts = useQuery({
    queryKey: ['documents', 'mine', me.user_id, 'drafts'],
    queryFn: () =>
      call('get', '/api/v1/users/{id}/documents', {
        path: { id: me.user_id },
        query: { status: 'draft', page_size: 50 },
      }),
  });
  const link = useMutation({
    mutationFn: async () => {
      const doc = await call('get', '/api/v1/documents/search-official/{number}', { path: { number: number.trim() } });
      return call('post', '/api/v1/cases/{id}/link-document', {
        path: { id: caseId },
        body: { document_id: doc.document_id },
      });
    },
    onSuccess: () => {
      setNumber('');
      notifications.show({ color: 'teal', message: 'Documento vinculado' });
      void client.invalidateQueries({ queryKey: ['case', caseId] });
    },
  });
  const propose = useMutation({
    mutationFn: async (id: string) => {
      // A draft may be proposed to several cases: keep the ones it already has.
      const current = await call('get', '/api/v1/documents/{id}/details', { path: { id } });
      const ids = [...new Set([...(current.editing?.proposed_case_ids ?? []), caseId])];
      return call('patch', '/api/v1/documents/{id}/save', { path: { id }, body: { proposed_case_ids: ids } });
    },
    onSuccess: (_r, id) => {
      setDraft(null);
      notifications.show({ color: 'teal', message: 'Borrador propuesto: se vinculará al firmarse' });
      void client.invalidateQueries({ queryKey: ['document', id] });
      void client.invalidateQueries({ queryKey: ['case', caseId] });
    },
  });
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Vincular documento oficial"
          placeholder="IF-2026-00000001-MVE-DOP"
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
          w={300}
        />
        <Button variant="default" onClick={() => link.mutate()} loading={link.isPending} disabled={!number.trim()}>
          Vincular
        </Button>
      </Group>
      <ErrorAlert error={link.error} title="No se pudo vincular" />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Proponer uno de mis borradores"
          data={(drafts.data?.documents ?? []).map((d) => ({
            value: d.document_id,
            label: `${d.acronym} · ${d.reference}`,
          }))}
          value={draft}
          onChange={setDraft}
          w={300}
          clearable
        />
        <Button
          variant="default"
          onClick={() => draft && propose.mutate(draft)}
          loading={propose.isPending}
          disabled={!draft}
        >
          Proponer
        </Button>
      </Group>
      <ErrorAlert error={propose.error ?? drafts.error} title="No se pudo proponer" />
      {proposed.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Sus borradores propuestos a este expediente (se vinculan al firmarse)
          </Text>
          <List size="sm" aria-label="Borradores propuestos a este expediente">
            {proposed.map((d) => (
              <List.Item key={d.document_id}>
                <Anchor component={Link} to={`/documentos/${d.document_id}`}>
                  {d.document_type} · {d.reference}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

export default function Expediente() {
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['case', id],
    queryFn: () => call('get', '/api/v1/cases/{id}', { path: { id } }),
  });
  const [modal, setModal] = useState<{ kind: 'transfer' | 'assign' } | { kind: 'close'; movement: Movement }>();
  if (detail.isLoading) return <Loading />;
  if (!detail.data)
    return (
      <ErrorAlert
        error={detail.error ?? new Error('Expediente no encontrado')}
        title="No se pudo abrir el expediente"
      />
    );
  const c = detail.data;
  const openAssignments = c.movements.filter(
    (m) => m.movement_type === 'assignment' && m.status !== 'closed' && !m.closed_at,
  );
  return (
    <Stack>
      <PageHeader title={c.case_number}>
        <Badge variant="light" c="dark.8">
          {CASE_STATUS[c.status] ?? c.status}
        </Badge>
        {c.permissions.can_transfer && (
          <Button variant="default" onClick={() => setModal({ kind: 'transfer' })}>
            Transferir
          </Button>
        )}
        {c.permissions.can_assign && (
          <Button variant="default" onClick={() => setModal({ kind: 'assign' })}>
            Asignar tarea
          </Button>
        )}
        {c.permissions.can_transfer && <CaseArchive caseId={c.case_id} caseNumber={c.case_number} />}
      </PageHeader>
      <Text>{c.reference}</Text>
      <Text size="sm" c="dimmed">
        {c.case_type.name} · sector {c.current_sector?.name} ({c.current_sector?.acronym}) · creado por{' '}
        {c.created_by?.full_name ?? '—'} el {formatDate(c.created_at)}
      </Text>
      {c.deadline && (
        <Group gap="xs" data-testid="case-deadline">
          <Text size="sm" fw={500}>{`Plazo: ${c.deadline.sector} hasta ${formatDueDate(c.deadline.due_at)}`}</Text>
          {c.deadline.overdue && <OverdueBadge />}
        </Group>
      )}
      {c.short_ai_summary && <Text size="sm">{c.short_ai_summary}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              Documentos
            </Title>
            {c.documents.length === 0 ? (
              <Text size="sm">Sin documentos.</Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Número</Table.Th>
                    <Table.Th>Referencia</Table.Th>
                    <Table.Th>Estado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.documents.map((d) => (
                    <Table.Tr key={d.document_id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/documentos/${d.document_id}`}>
                          {d.document_number ?? d.document_type}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{d.reference}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={d.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {c.permissions.can_add_documents && (
              <>
                <Title order={3} size="h5" mt="md" mb="xs">
                  Agregar documentos
                </Title>
                <LinkDocument caseId={c.case_id} proposed={c.my_proposed_drafts} />
              </>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            <CaseIndex caseId={c.case_id} />
            <CaseExport caseId={c.case_id} />
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Movimientos
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Movimiento</Table.Th>
                    <Table.Th>Motivo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {timeline(c).map((entry) =>
                    entry.kind === 'link' ? (
                      <Table.Tr key={`link-${entry.link.document_id}`} data-testid="movement-link">
                        <Table.Td>{formatDate(entry.link.linked_at)}</Table.Td>
                        {/* Plain text: the document's link is in the documents list beside it. */}
                        <Table.Td>
                          Vinculación de documento: {entry.link.document_number ?? entry.link.reference}
                        </Table.Td>
                        <Table.Td>
                          {entry.link.document_type} «{entry.link.reference}»
                          <Text size="xs" c="dimmed">
                            {entry.link.linked_by ?? ''}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      <Table.Tr key={entry.movement.movement_id}>
                        <Table.Td>{formatDate(entry.movement.created_at)}</Table.Td>
                        <Table.Td>
                          {MOVEMENT_LABELS[entry.movement.movement_type] ?? entry.movement.movement_type}:{' '}
                          {entry.movement.from_sector ? `${entry.movement.from_sector} → ` : ''}
                          {entry.movement.to_sector}
                          {entry.movement.assigned_user ? ` (${entry.movement.assigned_user.full_name})` : ''}
                          {entry.movement.closed_at ? ' · cerrada' : ''}
                          {entry.movement.due_at && (
                            <Text size="xs" component="div">
                              <DueDate
                                dueAt={entry.movement.due_at}
                                prefix="Plazo hasta el"
                                size="xs"
                                overdue={c.deadline?.movement_id === entry.movement.movement_id && c.deadline.overdue}
                              />
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {entry.movement.reason}
                          <Text size="xs" c="dimmed">
                            {entry.movement.created_by}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ),
                  )}
                </Table.Tbody>
              </Table>
              {c.permissions.can_close &&
                openAssignments.map((m) => (
                  <Button
                    key={m.movement_id}
                    mt="xs"
                    variant="default"
                    size="xs"
                    onClick={() => setModal({ kind: 'close', movement: m })}
                  >
                    Cerrar asignación a {m.to_sector}
                  </Button>
                ))}
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Sus permisos
              </Title>
              <Text size="sm">Acceso: {ACCESS_LABELS[c.access_reason] ?? c.access_reason}</Text>
              <Group gap={6} mt={6}>
                {(
                  [
                    ['can_view', 'Ver'],
                    ['can_transfer', 'Transferir'],
                    ['can_assign', 'Asignar'],
                    ['can_add_documents', 'Agregar documentos'],
                    ['can_close', 'Cerrar asignaciones'],
                  ] as const
                ).map(([k, label]) => (
                  <Badge key={k} variant="light" c="dark.8" color={c.permissions[k] ? 'teal' : 'gray'}>
                    {label}: {c.permissions[k] ? 'sí' : 'no'}
                  </Badge>
                ))}
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={Boolean(modal)}
        onClose={() => setModal(undefined)}
        title={
          modal?.kind === 'transfer'
            ? 'Transferir el expediente'
            : modal?.kind === 'assign'
              ? 'Asignar una tarea'
              : 'Cerrar la asignación'
        }
        size="lg"
      >
        {modal &&
          (modal.kind === 'close' ? (
            <CloseAssignment caseId={c.case_id} movement={modal.movement} onDone={() => setModal(undefined)} />
          ) : (
            <MoveForm caseId={c.case_id} kind={modal.kind} onDone={() => setModal(undefined)} />
          ))}
      </Modal>
    </Stack>
  );
}
