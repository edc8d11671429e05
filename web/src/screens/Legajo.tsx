import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, callEnvelope, type Body, type Data } from '../client';
import { ErrorAlert, formatDate, Loading, PageHeader } from '../components/common';

type RecordDetail = Data<'get', '/api/v1/records/{id}'>;
type FieldSchema = RecordDetail['registry']['data_schema'][string];
type FieldEntry = RecordDetail['data'][string];

type RelationType = Body<'post', '/api/v1/records/{id}/relations'>['relation_type'];
const RELATION_LABELS: Record<RelationType, string> = {
  parent: 'Padre de',
  child: 'Hijo de',
  related: 'Relacionado con',
  replaces: 'Reemplaza a',
  sibling: 'Hermano de',
  cousin: 'Primo de',
};
const isRelationType = (v: string | null): v is RelationType => v !== null && v in RELATION_LABELS;
/** The JSON value a field of this type takes (the inline editor is a text box). */
function typed(type: string, text: string): unknown {
  const t = text.trim();
  if (t === '') return null;
  if (type === 'number') return Number.isFinite(Number(t)) ? Number(t) : t;
  if (type === 'boolean')
    return ['si', 'sí', 'true', '1'].includes(t.toLowerCase())
      ? true
      : ['no', 'false', '0'].includes(t.toLowerCase())
        ? false
        : t;
  return t;
}
const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A field's value, edited in place: Enter or Guardar saves, Escape cancels. */
function FieldRow({
  recordId,
  name,
  schema,
  entry,
  canEdit,
  canVerify,
  onVerify,
}: {
  recordId: string;
  name: string;
  schema: FieldSchema;
  entry: FieldEntry | undefined;
  canEdit: boolean;
  canVerify: boolean;
  onVerify: () => void;
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(show(entry?.value) === '—' ? '' : show(entry?.value));
  const save = useMutation({
    mutationFn: () =>
      call('patch', '/api/v1/records/{id}/fields/{field}', {
        path: { id: recordId, field: name },
        body: { value: typed(schema.type, value) },
      }),
    onSuccess: () => {
      setEditing(false);
      void client.invalidateQueries({ queryKey: ['record', recordId] });
    },
  });
  return (
    <Table.Tr>
      <Table.Th scope="row">
        {schema.label}
        {schema.required ? ' *' : ''}
      </Table.Th>
      <Table.Td>
        {editing ? (
          <Group
            gap={4}
            wrap="nowrap"
            component="form"
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <TextInput
              aria-label={`Valor de ${schema.label}`}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              autoFocus
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(false);
              }}
              style={{ flex: 1 }}
            />
            <Button type="submit" size="xs" loading={save.isPending}>
              Guardar
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text data-testid={`field-${name}`}>{show(entry?.value)}</Text>
            {canEdit && (
              <ActionIcon
                variant="default"
                size="sm"
                onClick={() => setEditing(true)}
                aria-label={`Editar ${schema.label}`}
              >
                ✎
              </ActionIcon>
            )}
          </Group>
        )}
        <ErrorAlert error={save.error} title="No se pudo guardar el campo" />
        {entry?.expiration_date && (
          <Text size="xs" c="dimmed">
            Vence: {entry.expiration_date}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {schema.has_verification &&
          (entry?.verified ? (
            <Badge
              variant="light"
              color="teal"
              c="dark.8"
              title={`${entry.verified_by_name ?? ''} ${entry.verified_document_number ?? ''}`}
            >
              Verificado
            </Badge>
          ) : canVerify ? (
            <Button size="compact-xs" variant="default" onClick={onVerify}>
              Verificar
            </Button>
          ) : (
            <Badge variant="light" c="dark.8" color="gray">
              Sin verificar
            </Badge>
          ))}
      </Table.Td>
    </Table.Tr>
  );
}

function Verify({ recordId, field, onDone }: { recordId: string; field: string; onDone: () => void }) {
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const verify = useMutation({
    mutationFn: async () => {
      const doc = await call('get', '/api/v1/documents/search-official/{number}', { path: { number: number.trim() } });
      return call('post', '/api/v1/records/{id}/fields/{field}/verify', {
        path: { id: recordId, field },
        body: { document_id: doc.document_id },
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['record', recordId] });
      onDone();
    },
  });
  return (
    <Stack>
      <TextInput
        label="Número del documento oficial que lo respalda"
        value={number}
        onChange={(e) => setNumber(e.currentTarget.value)}
        required
      />
      <ErrorAlert error={verify.error} title="No se pudo verificar" />
      <Group justify="flex-end">
        <Button onClick={() => verify.mutate()} loading={verify.isPending} disabled={!number.trim()}>
          Verificar
        </Button>
      </Group>
    </Stack>
  );
}

function Relations({ recordId, canEdit }: { recordId: string; canEdit: boolean }) {
  const client = useQueryClient();
  const relations = useQuery({
    queryKey: ['record', recordId, 'relations'],
    queryFn: () => call('get', '/api/v1/records/{id}/relations', { path: { id: recordId }, query: { page_size: 50 } }),
  });
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [type, setType] = useState<string | null>('related');
  // The chosen option's label becomes the field's text: that is no new search (and may exceed the API's 50 characters).
  const [picked, setPicked] = useState<string>();
  const length = [...q.trim()].length;
  const found = useQuery({
    queryKey: ['records', 'autocomplete', q.trim()],
    enabled: length >= 2 && length <= 50 && q !== picked,
    placeholderData: (prev) => prev,
    queryFn: () => call('get', '/api/v1/records/autocomplete', { query: { q: q.trim() } }),
  });
  const add = useMutation({
    mutationFn: () => {
      if (!target || !isRelationType(type)) throw new Error('Elija el legajo y la relación');
      return call('post', '/api/v1/records/{id}/relations', {
        path: { id: recordId },
        body: { target_record_id: target, relation_type: type },
      });
    },
    onSuccess: () => {
      setTarget(null);
      setPicked(undefined);
      void client.invalidateQueries({ queryKey: ['record', recordId] });
    },
  });
  const remove = useMutation({
    mutationFn: (relationId: string) =>
      call('delete', '/api/v1/records/{id}/relations/{relationId}', { path: { id: recordId, relationId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['record', recordId] }),
  });
  return (
    <Stack>
      <ErrorAlert error={relations.error ?? remove.error} />
      {relations.data?.relations.length === 0 && <Text size="sm">Sin relaciones.</Text>}
      {relations.data?.relations.map((r) => (
        <Group key={r.relation_id} justify="space-between">
          <Text size="sm">
            {isRelationType(r.relation_type) ? RELATION_LABELS[r.relation_type] : r.relation_type}{' '}
            <Anchor component={Link} to={`/legajos/${r.related_record.id}`}>
              {r.related_record.record_number}
            </Anchor>{' '}
            · {r.related_record.display_name}
          </Text>
          {canEdit && (
            <Button size="compact-xs" variant="default" onClick={() => remove.mutate(r.relation_id)}>
              Quitar
            </Button>
          )}
        </Group>
      ))}
      {canEdit && (
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Relación"
            data={Object.entries(RELATION_LABELS).map(([value, label]) => ({ value, label }))}
            value={type}
            onChange={setType}
            w={170}
          />
          <Select
            label="Legajo"
            placeholder="Escriba 2 letras"
            searchable
            searchValue={q}
            onSearchChange={setQ}
            value={target}
            onChange={(value, option) => {
              setTarget(value);
              setPicked(option?.label);
            }}
            filter={({ options }) => options}
            data={(found.data?.records ?? [])
              .filter((r) => r.record_id !== recordId)
              .map((r) => ({ value: r.record_id, label: `${r.record_number} · ${r.display_name}` }))}
            w={320}
            nothingFoundMessage={q.length < 2 ? 'Escriba al menos 2 caracteres' : 'Sin resultados'}
          />
          <Button variant="default" onClick={() => add.mutate()} disabled={!target || !type} loading={add.isPending}>
            Relacionar
          </Button>
        </Group>
      )}
      <ErrorAlert error={add.error} title="No se pudo relacionar" />
    </Stack>
  );
}

function Links({ recordId, canEdit }: { recordId: string; canEdit: boolean }) {
  const client = useQueryClient();
  const cases = useQuery({
    queryKey: ['record', recordId, 'cases'],
    queryFn: () => call('get', '/api/v1/records/{id}/cases', { path: { id: recordId }, query: { page_size: 50 } }),
  });
  const docs = useQuery({
    queryKey: ['record', recordId, 'documents'],
    queryFn: () => call('get', '/api/v1/records/{id}/documents', { path: { id: recordId }, query: { page_size: 50 } }),
  });
  const [caseNumber, setCaseNumber] = useState('');
  const [docNumber, setDocNumber] = useState('');
  const linkCase = useMutation({
    mutationFn: async () => {
      const c = await call('get', '/api/v1/cases/by-number/{number}', { path: { number: caseNumber.trim() } });
      return call('post', '/api/v1/records/{id}/cases', { path: { id: recordId }, body: { case_id: c.case_id } });
    },
    onSuccess: () => {
      setCaseNumber('');
      void client.invalidateQueries({ queryKey: ['record', recordId] });
    },
  });
  const linkDoc = useMutation({
    mutationFn: async () => {
      const d = await call('get', '/api/v1/documents/search-official/{number}', { path: { number: docNumber.trim() } });
      return call('post', '/api/v1/records/{id}/documents', {
        path: { id: recordId },
        body: { document_id: d.document_id },
      });
    },
    onSuccess: () => {
      setDocNumber('');
      void client.invalidateQueries({ queryKey: ['record', recordId] });
    },
  });
  const unlink = useMutation({
    mutationFn: (link: { kind: 'cases' | 'documents'; linkId: string }) =>
      link.kind === 'cases'
        ? call('delete', '/api/v1/records/{id}/cases/{linkId}', { path: { id: recordId, linkId: link.linkId } })
        : call('delete', '/api/v1/records/{id}/documents/{linkId}', { path: { id: recordId, linkId: link.linkId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['record', recordId] }),
  });
  const unlinkButton = (kind: 'cases' | 'documents', linkId: string, what: string) =>
    canEdit && (
      <Button
        size="compact-xs"
        variant="default"
        style={{ flexShrink: 0 }}
        onClick={() => unlink.mutate({ kind, linkId })}
        loading={unlink.isPending && unlink.variables?.linkId === linkId}
        aria-label={`Desvincular ${what}`}
      >
        Desvincular
      </Button>
    );
  return (
    <Stack>
      <Title order={3} size="h5">
        Expedientes
      </Title>
      <ErrorAlert error={cases.error} />
      {cases.data?.cases.length === 0 && <Text size="sm">Sin expedientes vinculados.</Text>}
      {cases.data?.cases.map((c) => (
        <Group key={c.link_id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Anchor component={Link} to={`/expedientes/${c.case_id}`}>
              {c.case_number}
            </Anchor>{' '}
            · {c.reference}
          </Text>
          {unlinkButton('cases', c.link_id, c.case_number)}
        </Group>
      ))}
      {canEdit && (
        <Group align="flex-end">
          <TextInput
            label="Número de expediente"
            value={caseNumber}
            onChange={(e) => setCaseNumber(e.currentTarget.value)}
            w={280}
          />
          <Button
            variant="default"
            onClick={() => linkCase.mutate()}
            disabled={!caseNumber.trim()}
            loading={linkCase.isPending}
          >
            Vincular expediente
          </Button>
        </Group>
      )}
      <ErrorAlert error={linkCase.error} title="No se pudo vincular el expediente" />
      <Title order={3} size="h5">
        Documentos
      </Title>
      <ErrorAlert error={docs.error} />
      {docs.data?.documents.length === 0 && <Text size="sm">Sin documentos vinculados.</Text>}
      {docs.data?.documents.map((d) => (
        <Group key={d.link_id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Anchor component={Link} to={`/documentos/${d.document_id}`}>
              {d.document_number ?? d.document_id}
            </Anchor>
            {d.reference ? ` · ${d.reference}` : ''}
            {d.field_name ? ` (campo ${d.field_name})` : ''}
          </Text>
          {unlinkButton('documents', d.link_id, d.document_number ?? d.reference)}
        </Group>
      ))}
      <ErrorAlert error={unlink.error} title="No se pudo desvincular" />
      {canEdit && (
        <Group align="flex-end">
          <TextInput
            label="Número de documento oficial"
            value={docNumber}
            onChange={(e) => setDocNumber(e.currentTarget.value)}
            w={280}
          />
          <Button
            variant="default"
            onClick={() => linkDoc.mutate()}
            disabled={!docNumber.trim()}
            loading={linkDoc.isPending}
          >
            Vincular documento
          </Button>
        </Group>
      )}
      <ErrorAlert error={linkDoc.error} title="No se pudo vincular el documento" />
    </Stack>
  );
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What an entry changed, in words: for objects (a field's entry, the state and name) only the keys
 * whose values differ, "clave: antes → después"; otherwise the values themselves.
 */
function describeChange(before: unknown, after: unknown): string {
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
      (k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null),
    );
    return (
      keys
        .map((k) => (isPlainObject(before) ? `${k}: ${show(b[k])} → ${show(a[k])}` : `${k}: ${show(a[k])}`))
        .join(' · ') || 'sin cambios'
    );
  }
  return before !== null && before !== undefined ? `${show(before)} → ${show(after)}` : show(after);
}

const ACTION_LABELS: Record<string, string> = {
  created: 'Alta',
  state_changed: 'Cambio de estado',
  display_name_changed: 'Cambio de nombre',
  record_updated: 'Legajo actualizado',
  field_updated: 'Campo actualizado',
  field_verified: 'Campo verificado',
  relation_created: 'Relación agregada',
  relation_deleted: 'Relación quitada',
  document_linked: 'Documento vinculado',
  document_unlinked: 'Documento desvinculado',
  case_linked: 'Expediente vinculado',
  case_unlinked: 'Expediente desvinculado',
  ifrlm_generated: 'Informe IFRLM generado',
};

function History({ recordId }: { recordId: string }) {
  const history = useQuery({
    queryKey: ['record', recordId, 'history'],
    queryFn: () => call('get', '/api/v1/records/{id}/history', { path: { id: recordId }, query: { page_size: 50 } }),
  });
  if (history.isLoading) return <Loading />;
  if (!history.data) return <ErrorAlert error={history.error} />;
  return (
    <Table layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">Fecha</Table.Th>
          <Table.Th w="22%">Acción</Table.Th>
          <Table.Th>Cambio</Table.Th>
          <Table.Th w="20%">Quién</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.entries.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{formatDate(h.created_at)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {ACTION_LABELS[h.action] ?? h.action}
              {h.field_name ? ` (${h.field_name})` : ''}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{describeChange(h.before_value, h.after_value)}</Table.Td>
            <Table.Td>{h.user_name}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The record's state (one of its family's) and name, changed with an optional reason kept in its history. */
function EditRecord({ record, onDone }: { record: RecordDetail; onDone: () => void }) {
  const client = useQueryClient();
  const [state, setState] = useState<string | null>(record.state);
  const [name, setName] = useState(record.display_name);
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () =>
      call('patch', '/api/v1/records/{id}', {
        path: { id: record.id },
        body: {
          ...(state && state !== record.state ? { state } : {}),
          ...(name.trim() !== record.display_name ? { display_name: name.trim() } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Legajo actualizado' });
      void client.invalidateQueries({ queryKey: ['record', record.id] });
      void client.invalidateQueries({ queryKey: ['records'] });
      onDone();
    },
  });
  const changed =
    (state !== null && state !== record.state) || (name.trim() !== '' && name.trim() !== record.display_name);
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Select
        label="Estado"
        data={record.registry.allowed_states}
        value={state}
        onChange={setState}
        allowDeselect={false}
      />
      <TextInput label="Nombre del legajo" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
      <TextInput
        label="Motivo (opcional)"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={500}
      />
      <ErrorAlert error={save.error} title="No se pudo actualizar el legajo" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!changed} loading={save.isPending}>
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function Legajo() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const record = useQuery({
    queryKey: ['record', id],
    queryFn: () => call('get', '/api/v1/records/{id}', { path: { id } }),
  });
  const [verifying, setVerifying] = useState<string>();
  const [editing, setEditing] = useState(false);
  const [reportStep, setReportStep] = useState<string>();
  const report = useMutation({
    mutationFn: async () => {
      const key = crypto.randomUUID();
      setReportStep('Generando y firmando el informe…');
      let res = await callEnvelope('post', '/api/v1/records/{id}/report', {
        path: { id },
        headers: { 'Idempotency-Key': key },
      });
      while (res.status === 202) {
        setReportStep('El informe se está firmando; esperando…');
        await sleep(1500);
        res = await callEnvelope('get', '/api/v1/records/{id}/reports/{key}', { path: { id, key } });
      }
      return res;
    },
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      void client.invalidateQueries({ queryKey: ['record', id] });
    },
    onSettled: () => setReportStep(undefined),
  });
  if (record.isLoading) return <Loading />;
  if (!record.data)
    return <ErrorAlert error={record.error ?? new Error('Legajo no encontrado')} title="No se pudo abrir el legajo" />;
  const r = record.data;
  return (
    <Stack>
      <PageHeader title={r.record_number}>
        <Badge variant="light" c="dark.8" data-testid="record-state">
          {r.state}
        </Badge>
        {r.permissions.can_edit && (
          <Button variant="default" onClick={() => setEditing(true)}>
            Cambiar estado o nombre
          </Button>
        )}
        <Button variant="default" onClick={() => report.mutate()} loading={report.isPending}>
          Generar informe
        </Button>
      </PageHeader>
      <Text>
        {r.display_name} · {r.registry.name}
      </Text>
      {reportStep && (
        <Text role="status" size="sm">
          {reportStep}
        </Text>
      )}
      <ErrorAlert error={report.error} title="No se pudo generar el informe" />
      {r.resume && <Text size="sm">{r.resume}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              Datos
            </Title>
            <Table>
              <Table.Tbody>
                {Object.entries(r.registry.data_schema).map(([name, schema]) => (
                  <FieldRow
                    key={name}
                    recordId={r.id}
                    name={name}
                    schema={schema}
                    entry={r.data[name]}
                    canEdit={r.permissions.can_edit}
                    canVerify={r.permissions.can_verify}
                    onVerify={() => setVerifying(name)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <Tabs defaultValue="relaciones" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="relaciones">Relaciones</Tabs.Tab>
                <Tabs.Tab value="vinculos">Vínculos</Tabs.Tab>
                <Tabs.Tab value="historial">Historial</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="relaciones" pt="sm">
                <Relations recordId={r.id} canEdit={r.permissions.can_edit} />
              </Tabs.Panel>
              <Tabs.Panel value="vinculos" pt="sm">
                <Links recordId={r.id} canEdit={r.permissions.can_edit} />
              </Tabs.Panel>
              <Tabs.Panel value="historial" pt="sm">
                <History recordId={r.id} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
      <Modal opened={Boolean(verifying)} onClose={() => setVerifying(undefined)} title="Verificar el campo">
        {verifying && <Verify recordId={r.id} field={verifying} onDone={() => setVerifying(undefined)} />}
      </Modal>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Cambiar estado o nombre">
        {editing && <EditRecord record={r} onDone={() => setEditing(false)} />}
      </Modal>
    </Stack>
  );
}
