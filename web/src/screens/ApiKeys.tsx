/**
 * API Keys (administrators): the tenant's integration keys — list, create, rotate, revoke and each
 * key's audit trail, over /api/v1/admin/api-keys. A new or rotated secret is shown once, here.
 */
import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  MultiSelect,
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
import { useId, useState } from 'react';
import { call, callEnvelope } from '../client';
import { useAuth } from '../auth';
import {
  canCreate,
  createKeyBody,
  KeyScope,
  SYSTEM_READ_HELP,
  SYSTEM_READ_LABEL,
  SystemReads,
  type ApiKey,
} from '../components/ApiKeyScope';
import { AdminOnly, ErrorAlert, formatDate, Loading, PageHeader } from '../components/common';
import { SecretOnce } from '../components/SecretOnce';
import { useUsers } from '../directory';

type KeyState = ApiKey['state'];

const STATE_LABELS: Record<KeyState, string> = {
  active: 'Activa',
  rotating: 'En rotación',
  expired: 'Vencida',
  revoked: 'Revocada',
};
const STATE_COLORS: Record<KeyState, string> = { active: 'teal', rotating: 'yellow', expired: 'gray', revoked: 'red' };
const ACTION_LABELS: Record<string, string> = { create: 'Creada', rotate: 'Rotada', revoke: 'Revocada' };

/** The key, shown once after creating or rotating. */
function Secret({ message, secret }: { message: string; secret: string }) {
  return <SecretOnce message={message} secret={secret} testId="api-key-secret" copiedLabel="Copiada" />;
}

function CreateKey({ onSecret }: { onSecret: (s: { message: string; secret: string }) => void }) {
  const client = useQueryClient();
  const users = useUsers();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | string>('');
  const [allUsers, setAllUsers] = useState(false);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [systemRead, setSystemRead] = useState(false);
  const systemReadHelp = useId();
  const form = { name, days, allUsers, userIds, systemRead };
  const create = useMutation({
    mutationFn: () => callEnvelope('post', '/api/v1/admin/api-keys', { body: createKeyBody(form) }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: ['api-keys'] });
      onSecret({ message: res.message, secret: res.data.key });
      setName('');
      setDays('');
      setUserIds([]);
      setAllUsers(false);
      setSystemRead(false);
    },
  });
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label="Nombre"
          description="Para reconocerla: el sistema que la usa"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <NumberInput
          label="Vigencia (días)"
          description="Vacío: la vigencia por defecto"
          value={days}
          onChange={setDays}
          min={1}
          allowDecimal={false}
        />
      </SimpleGrid>
      <Checkbox
        label="Puede actuar por todos los usuarios activos"
        checked={allUsers}
        onChange={(e) => setAllUsers(e.currentTarget.checked)}
      />
      {!allUsers && (
        <MultiSelect
          label="Usuarios por los que puede actuar"
          data={(users.data?.users ?? []).map((u) => ({ value: u.user_id, label: `${u.full_name} (${u.email})` }))}
          description={
            systemRead ? 'Opcional con lectura de sistema: sin usuarios, la clave solo lee como sistema' : undefined
          }
          value={userIds}
          onChange={setUserIds}
          searchable
          disabled={users.isLoading}
        />
      )}
      <Checkbox
        label={SYSTEM_READ_LABEL}
        description={<span id={systemReadHelp}>{SYSTEM_READ_HELP}</span>}
        aria-describedby={systemReadHelp}
        checked={systemRead}
        onChange={(e) => setSystemRead(e.currentTarget.checked)}
      />
      <ErrorAlert error={create.error ?? users.error} title="No se pudo crear la API Key" />
      <Group>
        <Button type="submit" loading={create.isPending} disabled={!canCreate(form)}>
          Crear API Key
        </Button>
      </Group>
    </Stack>
  );
}

function Audit({ id }: { id: string }) {
  const audit = useQuery({
    queryKey: ['api-keys', id, 'audit'],
    queryFn: () => call('get', '/api/v1/admin/api-keys/{id}/audit', { path: { id } }),
  });
  if (audit.isLoading) return <Loading />;
  if (!audit.data) return <ErrorAlert error={audit.error} />;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha</Table.Th>
          <Table.Th>Acción</Table.Th>
          <Table.Th>Quién</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {audit.data.items.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no id, and the list is only ever shown whole, in order
          <Table.Tr key={i}>
            <Table.Td>{formatDate(a.occurred_at)}</Table.Td>
            <Table.Td>{ACTION_LABELS[a.action] ?? a.action}</Table.Td>
            <Table.Td>{a.actor}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function ApiKeys() {
  const { me } = useAuth();
  const client = useQueryClient();
  const [secret, setSecret] = useState<{ message: string; secret: string }>();
  const [confirmRevoke, setConfirmRevoke] = useState<ApiKey>();
  const [auditOf, setAuditOf] = useState<ApiKey>();
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: () => call('get', '/api/v1/admin/api-keys'),
    enabled: me.is_admin,
  });
  const done = () => void client.invalidateQueries({ queryKey: ['api-keys'] });
  const rotate = useMutation({
    mutationFn: (id: string) => callEnvelope('post', '/api/v1/admin/api-keys/{id}/rotate', { path: { id }, body: {} }),
    onSuccess: (res) => {
      setSecret({ message: res.message, secret: res.data.key });
      done();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => callEnvelope('post', '/api/v1/admin/api-keys/{id}/revoke', { path: { id }, body: {} }),
    onSuccess: () => {
      setConfirmRevoke(undefined);
      setSecret(undefined);
      done();
    },
  });
  if (!me.is_admin) return <AdminOnly task="gestionar las API Keys" />;
  return (
    <Stack>
      <PageHeader title="API Keys" />
      <Text size="sm">
        Las API Keys permiten que otros sistemas del municipio usen la interfaz de integración en nombre de los usuarios
        indicados; con lectura de sistema, también leer sin usuario documentos oficiales y expedientes.
      </Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Nueva API Key
        </Title>
        <CreateKey onSecret={setSecret} />
      </Paper>
      {secret && <Secret {...secret} />}
      <ErrorAlert error={keys.error} title="No se pudieron leer las API Keys" />
      <ErrorAlert error={rotate.error} title="No se pudo rotar" />
      {keys.isLoading && <Loading />}
      {keys.data && (
        <Table.ScrollContainer minWidth={980}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Prefijo</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Alcance</Table.Th>
                <Table.Th>Vence</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>Lecturas de sistema</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.items.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <Code>{k.prefix}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" c="dark.8" color={STATE_COLORS[k.state]} miw="max-content">
                      {STATE_LABELS[k.state]}
                    </Badge>
                    {k.state === 'rotating' && k.previous_valid_until && (
                      <Text size="xs">la anterior vale hasta {formatDate(k.previous_valid_until)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <KeyScope apiKey={k} />
                  </Table.Td>
                  <Table.Td>{k.expires_at ? formatDate(k.expires_at) : 'sin vencimiento'}</Table.Td>
                  <Table.Td>{k.last_used_at ? formatDate(k.last_used_at) : 'nunca'}</Table.Td>
                  <Table.Td>
                    <SystemReads apiKey={k} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setAuditOf(k)}
                        aria-label={`Historial de ${k.name}`}
                      >
                        Historial
                      </Button>
                      {k.state !== 'revoked' && k.state !== 'expired' && (
                        <>
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => rotate.mutate(k.id)}
                            loading={rotate.isPending && rotate.variables === k.id}
                            aria-label={`Rotar ${k.name}`}
                          >
                            Rotar
                          </Button>
                          <Button
                            size="compact-xs"
                            color="red"
                            variant="outline"
                            onClick={() => setConfirmRevoke(k)}
                            aria-label={`Revocar ${k.name}`}
                          >
                            Revocar
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={Boolean(confirmRevoke)} onClose={() => setConfirmRevoke(undefined)} title="Revocar API Key">
        {confirmRevoke && (
          <Stack>
            <Text>
              La clave «{confirmRevoke.name}» dejará de funcionar en la próxima solicitud. No se puede deshacer.
            </Text>
            <ErrorAlert error={revoke.error} title="No se pudo revocar" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmRevoke(undefined)}>
                Cancelar
              </Button>
              <Button color="red" onClick={() => revoke.mutate(confirmRevoke.id)} loading={revoke.isPending}>
                Revocar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={Boolean(auditOf)}
        onClose={() => setAuditOf(undefined)}
        title={`Historial de ${auditOf?.name ?? ''}`}
        size="lg"
      >
        {auditOf && <Audit id={auditOf.id} />}
      </Modal>
    </Stack>
  );
}
