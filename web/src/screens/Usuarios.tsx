import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callEnvelope } from '../client';
import { useAuth } from '../auth';
import { AdminOnly, ErrorAlert, formatDate, Loading, PageHeader, Pager, totalPagesOf } from '../components/common';
import { useSectors, useUsers } from '../directory';
import { errorText } from '../api';
import {
  MODE_LABELS,
  modeOf,
  useSignatureSettings,
  type SignatureMode,
  type SignatureSettings,
} from '../signature-modes';

const STATUS_LABELS: Record<string, string> = {
  provisioning: 'En alta',
  invited: 'Invitación enviada',
  active: 'Activo',
  linked_social: 'Vinculado a cuenta social',
  expired: 'Invitación vencida',
};

function ProvisioningStatus({ userId }: { userId: string }) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['provisioning', userId],
    queryFn: () => call('get', '/api/v1/users/{id}/provisioning', { path: { id: userId } }),
    refetchInterval: (q) => (q.state.data?.status === 'provisioning' ? 2000 : false),
  });
  const resend = useMutation({
    mutationFn: () => callEnvelope('post', '/api/v1/users/{id}/resend-invitation', { path: { id: userId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['provisioning', userId] }),
  });
  if (status.isLoading) return <Loading />;
  if (!status.data) return <ErrorAlert error={status.error} />;
  const s = status.data;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge
          variant="light"
          c="dark.8"
          color={
            s.status === 'active' || s.status === 'linked_social' ? 'teal' : s.status === 'expired' ? 'red' : 'yellow'
          }
        >
          {STATUS_LABELS[s.status] ?? s.status}
        </Badge>
        {s.ticketExpiresAt && s.status === 'invited' && <Text size="xs">vence {formatDate(s.ticketExpiresAt)}</Text>}
      </Group>
      {(s.status === 'invited' || s.status === 'expired') && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          w="fit-content"
        >
          Reenviar invitación
        </Button>
      )}
      {resend.data && (
        <Text size="xs" role="status">
          {resend.data.message}
        </Text>
      )}
      <ErrorAlert error={resend.error} title="No se pudo reenviar" />
    </Stack>
  );
}

type ModeChoice = 'default' | SignatureMode;

/** How a user signs: the municipality's mode, or one of their own (seal or personal certificate). */
function SignatureModeSelect({
  user,
  settings,
}: {
  user: { user_id: string; full_name: string };
  settings: SignatureSettings | undefined;
}) {
  const client = useQueryClient();
  const own = modeOf(settings, user.user_id);
  const save = useMutation({
    mutationFn: (choice: ModeChoice) =>
      callEnvelope('put', '/api/v1/users/{id}/signature-mode', {
        path: { id: user.user_id },
        body: { mode: choice === 'default' ? null : choice },
      }),
    onSuccess: (res) => {
      notifications.show({
        color: 'green',
        message: `${user.full_name}: ${MODE_LABELS[res.data.effective_mode].toLowerCase()}${res.data.mode === null ? ' (el modo del municipio)' : ''}`,
      });
      void client.invalidateQueries({ queryKey: ['signatures'] });
    },
  });
  const municipality = settings ? ` (${MODE_LABELS[settings.default_mode].toLowerCase()})` : '';
  return (
    <Stack gap={2}>
      <Select
        aria-label={`Modo de firma de ${user.full_name}`}
        data={[
          { value: 'default', label: `Del municipio${municipality}` },
          { value: 'seal', label: MODE_LABELS.seal },
          { value: 'personal', label: MODE_LABELS.personal },
        ]}
        value={save.isPending && save.variables ? save.variables : (own ?? 'default')}
        onChange={(v) => {
          if (v && v !== (own ?? 'default')) save.mutate(v as ModeChoice);
        }}
        allowDeselect={false}
        disabled={!settings || save.isPending}
        size="xs"
        w={230}
      />
      {save.error !== null && (
        <Text size="xs" c="red.9" role="alert">
          {errorText(save.error)}
        </Text>
      )}
    </Stack>
  );
}

/** "Dar de baja": confirmed first, since the user can no longer act or sign. */
function DeactivateUser({
  user,
  onClose,
}: {
  user: { user_id: string; full_name: string } | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const deactivate = useMutation({
    mutationFn: (id: string) => callEnvelope('post', '/api/v1/users/{id}/deactivate', { path: { id } }),
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: `${user?.full_name ?? 'Usuario'}: ${res.message}` });
      void client.invalidateQueries({ queryKey: ['users'] });
      void client.invalidateQueries({ queryKey: ['signatures'] });
      onClose();
    },
  });
  const close = () => {
    deactivate.reset();
    onClose();
  };
  return (
    <Modal opened={Boolean(user)} onClose={close} title={user ? `¿Dar de baja a ${user.full_name}?` : 'Dar de baja'}>
      <Stack>
        <Text size="sm">No podrá volver a ingresar, actuar ni firmar en el municipio.</Text>
        <Text size="sm">
          Lo que ya firmó sigue siendo válido. Su certificado de firma personal se revoca: no sirve para firmas nuevas.
        </Text>
        <ErrorAlert error={deactivate.error} title="No se pudo dar de baja" />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Cancelar
          </Button>
          <Button color="red" onClick={() => user && deactivate.mutate(user.user_id)} loading={deactivate.isPending}>
            Dar de baja
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Role = 'empleado' | 'director';

function CreateUser({ onCreated }: { onCreated: (userId: string | undefined, message: string) => void }) {
  const sectors = useSectors();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('empleado');
  const [sector, setSector] = useState<string | null>(null);
  const [canEdit, setCanEdit] = useState(true);
  const create = useMutation({
    mutationFn: () => {
      if (!sector) throw new Error('Elija el sector del usuario');
      return callEnvelope('post', '/api/v1/users', {
        body: { email: email.trim(), full_name: name.trim(), role, sector_id: sector, can_edit: canEdit },
      });
    },
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: ['users'] });
      onCreated('user_id' in res.data ? res.data.user_id : undefined, res.message);
      setEmail('');
      setName('');
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
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
        />
        <TextInput label="Nombre completo" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <Select
          label="Rol"
          data={[
            { value: 'empleado', label: 'Empleado' },
            { value: 'director', label: 'Director' },
          ]}
          value={role}
          onChange={(v) => setRole(v === 'director' ? 'director' : 'empleado')}
          required
          allowDeselect={false}
        />
        <Select
          label="Sector"
          data={(sectors.data ?? []).map((s) => ({ value: s.sector_id, label: `${s.name} (${s.acronym})` }))}
          value={sector}
          onChange={setSector}
          required
          searchable
          disabled={sectors.isLoading}
        />
      </SimpleGrid>
      <Checkbox
        label="Puede crear y editar documentos del sector"
        checked={canEdit}
        onChange={(e) => setCanEdit(e.currentTarget.checked)}
      />
      <ErrorAlert error={create.error ?? sectors.error} title="No se pudo dar de alta" />
      <Group>
        <Button type="submit" loading={create.isPending} disabled={!email.trim() || !name.trim() || !sector}>
          Dar de alta e invitar
        </Button>
      </Group>
    </Stack>
  );
}

/** The directory: everyone at first, or a server-side search (name or email) a page at a time. */
function UserList({ onStatus }: { onStatus: (userId: string) => void }) {
  const { me } = useAuth();
  const users = useUsers();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const searching = debounced.length >= 2;
  const found = useQuery({
    queryKey: ['users', 'search', debounced, page],
    enabled: searching,
    queryFn: () => call('get', '/api/v1/users/search', { query: { query: debounced, page, page_size: 20 } }),
    placeholderData: (prev) => prev,
  });
  const rows = searching ? found.data?.users : users.data?.users;
  const error = searching ? found.error : users.error;
  const signatures = useSignatureSettings();
  const [leaving, setLeaving] = useState<{ user_id: string; full_name: string }>();
  return (
    <Stack gap="xs">
      <TextInput
        label="Buscar usuarios"
        description="Nombre o email (al menos 2 letras)"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        w={320}
      />
      <ErrorAlert error={error} title="No se pudieron leer los usuarios" />
      <ErrorAlert error={signatures.error} title="No se pudo leer el modo de firma de los usuarios" />
      {(searching ? found.isLoading : users.isLoading) && <Loading />}
      {rows && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Invitación</Table.Th>
                <Table.Th>Firma</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Baja</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.user_id}>
                  <Table.Td>{u.full_name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="default" onClick={() => onStatus(u.user_id)}>
                      Ver estado
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <SignatureModeSelect user={u} settings={signatures.data} />
                  </Table.Td>
                  <Table.Td>
                    {u.user_id !== me.user_id && (
                      <Button size="compact-xs" color="red" variant="subtle" onClick={() => setLeaving(u)}>
                        Dar de baja
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeactivateUser user={leaving} onClose={() => setLeaving(undefined)} />
      {searching && found.data && (
        <>
          {found.data.total === 0 && (
            <Text size="sm" c="dimmed">
              Ningún usuario coincide con «{debounced}».
            </Text>
          )}
          <Pager page={page} totalPages={totalPagesOf(found.data)} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

export default function Usuarios() {
  const { me } = useAuth();
  const [created, setCreated] = useState<{ userId: string | undefined; message: string }>();
  const [statusOf, setStatusOf] = useState<string>();
  if (!me.is_admin) return <AdminOnly task="gestionar usuarios" />;
  return (
    <Stack>
      <PageHeader title="Usuarios" />
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Nuevo usuario
        </Title>
        <CreateUser onCreated={(userId, message) => setCreated({ userId, message })} />
        {created && (
          <Alert color="teal" mt="md" title={created.message}>
            {created.userId ? (
              <ProvisioningStatus userId={created.userId} />
            ) : (
              'El alta sigue en curso; aparecerá en la lista en unos instantes.'
            )}
          </Alert>
        )}
      </Paper>
      <UserList onStatus={setStatusOf} />
      <Modal opened={Boolean(statusOf)} onClose={() => setStatusOf(undefined)} title="Estado del alta">
        {statusOf && <ProvisioningStatus userId={statusOf} />}
      </Modal>
    </Stack>
  );
}
