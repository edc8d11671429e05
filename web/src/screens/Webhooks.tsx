/**
 * Webhooks (administrators): the systems of the municipality that receive its events as they
 * happen — register, change, enable or disable, rotate the signing secret, delete, and read each
 * subscription's delivery attempts (resending one by hand), over /api/v1/admin/webhooks. A new or
 * rotated secret is shown once, here.
 */
import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../auth';
import { call, callEnvelope, type Body, type Data } from '../client';
import { AdminOnly, ErrorAlert, formatDate, Loading, PageHeader } from '../components/common';
import { SecretOnce } from '../components/SecretOnce';

type Subscription = Data<'get', '/api/v1/admin/webhooks'>[number];
type Delivery = Data<'get', '/api/v1/admin/webhooks/{id}/deliveries'>[number];
type EventType = Body<'post', '/api/v1/admin/webhooks'>['event_types'][number];

/** Every event type the API offers (the Record makes a missing one a type error), in its order. */
const EVENT_LABELS: Record<EventType, string> = {
  'document.created': 'Documento creado',
  'document.sent_to_sign': 'Documento enviado a firmar',
  'document.signed': 'Documento firmado (cada firma)',
  'document.officialized': 'Documento oficial (número asignado)',
  'document.rejected': 'Documento rechazado',
  'case.created': 'Expediente creado',
  'case.transferred': 'Expediente transferido',
  'case.assigned': 'Expediente asignado',
  'case.assignment_closed': 'Asignación cerrada',
  'case.document_linked': 'Documento vinculado a un expediente',
  'note.delivered': 'Nota entregada',
  'memo.delivered': 'Memo entregado',
  'record.created': 'Registro creado',
  'record.updated': 'Registro modificado',
  'record.report_generated': 'Informe de registro generado',
  'signing.overdue': 'Plazo de firma vencido',
};
const EVENT_TYPES = Object.keys(EVENT_LABELS) as EventType[];

const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'Activo',
  disabled: 'Desactivado',
  failing: 'Con fallas',
};
const STATUS_COLORS: Record<Subscription['status'], string> = { active: 'teal', disabled: 'gray', failing: 'red' };

const label = (s: Subscription) => s.description || s.url;

/** The signing secret, shown once after creating or rotating. */
function Secret({ message, secret }: { message: string; secret: string }) {
  return (
    <SecretOnce message={message} secret={secret} testId="webhook-secret" copiedLabel="Copiado">
      <Text size="sm">
        Configúrelo en el sistema receptor para verificar la firma de cada envío (Standard Webhooks).
      </Text>
    </SecretOnce>
  );
}

interface FormValues {
  url: string;
  description: string;
  eventTypes: EventType[];
}

/** URL, description and event types: the same fields to register a subscription and to change it. */
function SubscriptionFields({ values, onChange }: { values: FormValues; onChange: (v: FormValues) => void }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label="URL del receptor"
          description="En producción: https y una dirección pública"
          value={values.url}
          required
          maxLength={2000}
          onChange={(e) => onChange({ ...values, url: e.currentTarget.value })}
        />
        <TextInput
          label="Descripción"
          description="Para reconocerlo: el sistema que recibe"
          value={values.description}
          maxLength={200}
          onChange={(e) => onChange({ ...values, description: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Checkbox.Group
        label="Eventos"
        description="Al menos uno"
        value={values.eventTypes}
        onChange={(v) => onChange({ ...values, eventTypes: v as EventType[] })}
        required
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs" spacing="xs">
          {EVENT_TYPES.map((t) => (
            <Checkbox
              key={t}
              value={t}
              label={
                <>
                  {EVENT_LABELS[t]} <Code>{t}</Code>
                </>
              }
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </>
  );
}

const EMPTY: FormValues = { url: '', description: '', eventTypes: [] };
const canSave = (v: FormValues) => v.url.trim() !== '' && v.eventTypes.length > 0;

function CreateSubscription({ onSecret }: { onSecret: (s: { message: string; secret: string }) => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const create = useMutation({
    mutationFn: () =>
      callEnvelope('post', '/api/v1/admin/webhooks', {
        body: {
          url: values.url.trim(),
          event_types: values.eventTypes,
          ...(values.description.trim() ? { description: values.description.trim() } : {}),
        },
      }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: ['webhooks'] });
      onSecret({ message: res.message, secret: res.data.secret });
      setValues(EMPTY);
    },
  });
  return (
    <Stack
      component="form"
      aria-label="Nuevo webhook"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <SubscriptionFields values={values} onChange={setValues} />
      <ErrorAlert error={create.error} title="No se pudo crear el webhook" />
      <Group>
        <Button type="submit" loading={create.isPending} disabled={!canSave(values)}>
          Crear webhook
        </Button>
      </Group>
    </Stack>
  );
}

function EditSubscription({ subscription, onDone }: { subscription: Subscription; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<FormValues>({
    url: subscription.url,
    description: subscription.description,
    eventTypes: subscription.event_types as EventType[],
  });
  const save = useMutation({
    mutationFn: () =>
      call('patch', '/api/v1/admin/webhooks/{id}', {
        path: { id: subscription.id },
        body: { url: values.url.trim(), event_types: values.eventTypes, description: values.description.trim() },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['webhooks'] });
      onDone();
    },
  });
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SubscriptionFields values={values} onChange={setValues} />
      <ErrorAlert error={save.error} title="No se pudo guardar" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!canSave(values)}>
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}

function RotateSecret({
  subscription,
  onSecret,
  onDone,
}: {
  subscription: Subscription;
  onSecret: (s: { message: string; secret: string }) => void;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [hours, setHours] = useState<number | string>(24);
  const rotate = useMutation({
    mutationFn: () =>
      callEnvelope('patch', '/api/v1/admin/webhooks/{id}', {
        path: { id: subscription.id },
        body: { rotate_secret: true, previous_secret_valid_hours: Number(hours) },
      }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: ['webhooks'] });
      if (res.data.secret) onSecret({ message: res.message, secret: res.data.secret });
      onDone();
    },
  });
  const valid = hours !== '' && Number.isInteger(Number(hours)) && Number(hours) >= 0 && Number(hours) <= 168;
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        rotate.mutate();
      }}
    >
      <Text>
        Se generará un secreto nuevo para «{label(subscription)}». Mientras el receptor se actualiza, los envíos llevan
        también la firma del secreto anterior.
      </Text>
      <NumberInput
        label="Horas en que el secreto anterior sigue firmando"
        description="0: deja de firmar ya; hasta 168 (una semana)"
        value={hours}
        onChange={setHours}
        min={0}
        max={168}
        allowDecimal={false}
        required
      />
      <ErrorAlert error={rotate.error} title="No se pudo rotar el secreto" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={rotate.isPending} disabled={!valid}>
          Rotar secreto
        </Button>
      </Group>
    </Stack>
  );
}

const OUTCOME_LABELS: Record<Delivery['outcome'], string> = { delivered: 'Entregado', failed: 'Falló' };

function Deliveries({ subscription }: { subscription: Subscription }) {
  const [resent, setResent] = useState<string[]>([]);
  const deliveries = useQuery({
    queryKey: ['webhooks', subscription.id, 'deliveries'],
    queryFn: () =>
      call('get', '/api/v1/admin/webhooks/{id}/deliveries', { path: { id: subscription.id }, query: { limit: 50 } }),
  });
  const redeliver = useMutation({
    mutationFn: (id: string) => call('post', '/api/v1/admin/webhooks/deliveries/{id}/redeliver', { path: { id } }),
    onSuccess: (_data, id) => setResent((r) => [...r, id]),
  });
  if (deliveries.isLoading) return <Loading />;
  if (!deliveries.data) return <ErrorAlert error={deliveries.error} />;
  if (deliveries.data.length === 0) return <Text>Todavía no hubo envíos.</Text>;
  return (
    <Stack>
      <ErrorAlert error={redeliver.error} title="No se pudo pedir el reenvío" />
      <Table.ScrollContainer minWidth={860}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Intento</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th>HTTP</Table.Th>
              <Table.Th>Latencia</Table.Th>
              <Table.Th>Respuesta</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatDate(d.created_at)}</Table.Td>
                <Table.Td>
                  <Code>{d.event_type}</Code>
                </Table.Td>
                <Table.Td>
                  {d.attempt}
                  {d.manual ? ' (manual)' : ''}
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    c="dark.8"
                    color={d.outcome === 'delivered' ? 'teal' : 'red'}
                    miw="max-content"
                  >
                    {OUTCOME_LABELS[d.outcome]}
                  </Badge>
                </Table.Td>
                <Table.Td>{d.status_code ?? '—'}</Table.Td>
                <Table.Td>{d.latency_ms} ms</Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ wordBreak: 'break-word' }}>
                    {d.error ?? (d.response_excerpt || '—')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {resent.includes(d.id) ? (
                    <Text size="xs" role="status">
                      Reenvío pedido
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => redeliver.mutate(d.id)}
                      loading={redeliver.isPending && redeliver.variables === d.id}
                      aria-label={`Reenviar ${d.event_type} del ${formatDate(d.created_at)}`}
                    >
                      Reenviar
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export default function Webhooks() {
  const { me } = useAuth();
  const client = useQueryClient();
  const [secret, setSecret] = useState<{ message: string; secret: string }>();
  const [editing, setEditing] = useState<Subscription>();
  const [rotating, setRotating] = useState<Subscription>();
  const [deleting, setDeleting] = useState<Subscription>();
  const [deliveriesOf, setDeliveriesOf] = useState<Subscription>();
  const subscriptions = useQuery({
    queryKey: ['webhooks'],
    queryFn: () => call('get', '/api/v1/admin/webhooks'),
    enabled: me.is_admin,
  });
  const done = () => void client.invalidateQueries({ queryKey: ['webhooks'] });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'disabled' }) =>
      call('patch', '/api/v1/admin/webhooks/{id}', { path: { id }, body: { status } }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('delete', '/api/v1/admin/webhooks/{id}', { path: { id } }),
    onSuccess: () => {
      setDeleting(undefined);
      done();
    },
  });
  // One subscription is checked on its own before it is changed, so a deleted one says so.
  const check = useMutation({
    mutationFn: (id: string) => call('get', '/api/v1/admin/webhooks/{id}', { path: { id } }),
    onSuccess: (fresh) => setEditing(fresh),
  });
  if (!me.is_admin) return <AdminOnly task="gestionar los webhooks" />;
  return (
    <Stack>
      <PageHeader title="Webhooks" />
      <Text size="sm">
        Los webhooks avisan a otros sistemas del municipio (tasas, habilitaciones, portal ciudadano…) lo que ocurre en
        expediente, en cuanto ocurre: cada evento se envía firmado, en orden por documento, expediente o registro, y se
        reintenta hasta 72 horas si el receptor no responde. Los avisos llevan identificadores y números, nunca el
        contenido de un memo ni sus destinatarios.
      </Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Nuevo webhook
        </Title>
        <CreateSubscription onSecret={setSecret} />
      </Paper>
      {secret && <Secret {...secret} />}
      <ErrorAlert error={subscriptions.error} title="No se pudieron leer los webhooks" />
      <ErrorAlert error={setStatus.error ?? check.error} title="No se pudo cambiar el webhook" />
      {subscriptions.isLoading && <Loading />}
      {subscriptions.data && subscriptions.data.length === 0 && <Text>No hay webhooks registrados.</Text>}
      {subscriptions.data && subscriptions.data.length > 0 && (
        <Table.ScrollContainer minWidth={980}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receptor</Table.Th>
                <Table.Th>Eventos</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Creado</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td miw={220}>
                    {s.description && (
                      <Text size="sm" fw={500}>
                        {s.description}
                      </Text>
                    )}
                    <Text size="xs" style={{ wordBreak: 'break-all' }}>
                      {s.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{s.event_types.map((t) => EVENT_LABELS[t as EventType] ?? t).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" c="dark.8" color={STATUS_COLORS[s.status]} miw="max-content">
                      {STATUS_LABELS[s.status]}
                    </Badge>
                    {s.status === 'failing' && (
                      <Text size="xs">
                        desde {formatDate(s.failing_since!)}
                        {s.failure_reason ? `: ${s.failure_reason}` : ''}
                      </Text>
                    )}
                    {s.previous_secret_expires_at && Date.parse(s.previous_secret_expires_at) > Date.now() && (
                      <Text size="xs">el secreto anterior firma hasta {formatDate(s.previous_secret_expires_at)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(s.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setDeliveriesOf(s)}
                        aria-label={`Entregas de ${label(s)}`}
                      >
                        Entregas
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => check.mutate(s.id)}
                        loading={check.isPending && check.variables === s.id}
                        aria-label={`Editar ${label(s)}`}
                      >
                        Editar
                      </Button>
                      {s.status === 'disabled' ? (
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setStatus.mutate({ id: s.id, status: 'active' })}
                          aria-label={`Activar ${label(s)}`}
                        >
                          Activar
                        </Button>
                      ) : (
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() =>
                            setStatus.mutate({ id: s.id, status: s.status === 'failing' ? 'active' : 'disabled' })
                          }
                          aria-label={`${s.status === 'failing' ? 'Reanudar' : 'Desactivar'} ${label(s)}`}
                        >
                          {s.status === 'failing' ? 'Reanudar' : 'Desactivar'}
                        </Button>
                      )}
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setRotating(s)}
                        aria-label={`Rotar secreto de ${label(s)}`}
                      >
                        Rotar secreto
                      </Button>
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="outline"
                        onClick={() => setDeleting(s)}
                        aria-label={`Eliminar ${label(s)}`}
                      >
                        Eliminar
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={Boolean(editing)} onClose={() => setEditing(undefined)} title="Editar webhook" size="xl">
        {editing && <EditSubscription key={editing.id} subscription={editing} onDone={() => setEditing(undefined)} />}
      </Modal>
      <Modal opened={Boolean(rotating)} onClose={() => setRotating(undefined)} title="Rotar el secreto">
        {rotating && (
          <RotateSecret subscription={rotating} onSecret={setSecret} onDone={() => setRotating(undefined)} />
        )}
      </Modal>
      <Modal opened={Boolean(deleting)} onClose={() => setDeleting(undefined)} title="Eliminar webhook">
        {deleting && (
          <Stack>
            <Text>
              «{label(deleting)}» dejará de recibir eventos y se borrará su historial de entregas. No se puede deshacer.
            </Text>
            <ErrorAlert error={remove.error} title="No se pudo eliminar" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(undefined)}>
                Cancelar
              </Button>
              <Button color="red" onClick={() => remove.mutate(deleting.id)} loading={remove.isPending}>
                Eliminar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={Boolean(deliveriesOf)}
        onClose={() => setDeliveriesOf(undefined)}
        title={`Entregas de ${deliveriesOf ? label(deliveriesOf) : ''}`}
        size="xl"
      >
        {deliveriesOf && <Deliveries subscription={deliveriesOf} />}
      </Modal>
    </Stack>
  );
}
