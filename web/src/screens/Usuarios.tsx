import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callEnvelope } from '../client';
import { useAuth } from '../auth';
import { ErrorAlert, formatDate, Loading, PageHeader, Pager, totalPagesOf } from '../components/common';
import { useSectors, useUsers } from '../directory';

const STATUS_LABELS: Record<string, string> = {
  provisioning: 'En alta', invited: 'Invitación enviada', active: 'Activo', linked_social: 'Vinculado a cuenta social', expired: 'Invitación vencida',
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
        <Badge variant="light" c="dark.8" color={s.status === 'active' || s.status === 'linked_social' ? 'teal' : s.status === 'expired' ? 'red' : 'yellow'}>{STATUS_LABELS[s.status] ?? s.status}</Badge>
        {s.ticketExpiresAt && s.status === 'invited' && <Text size="xs">vence {formatDate(s.ticketExpiresAt)}</Text>}
      </Group>
      {(s.status === 'invited' || s.status === 'expired') && (
        <Button size="compact-xs" variant="default" onClick={() => resend.mutate()} loading={resend.isPending} w="fit-content">Reenviar invitación</Button>
      )}
      {resend.data && <Text size="xs" role="status">{resend.data.message}</Text>}
      <ErrorAlert error={resend.error} title="No se pudo reenviar" />
    </Stack>
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
      return callEnvelope('post', '/api/v1/users', { body: { email: email.trim(), full_name: name.trim(), role, sector_id: sector, can_edit: canEdit } });
    },
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: ['users'] });
      onCreated('user_id' in res.data ? res.data.user_id : undefined, res.message);
      setEmail(''); setName('');
    },
  });
  return (
    <Stack component="form" onSubmit={(e: React.FormEvent) => { e.preventDefault(); create.mutate(); }}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
        <TextInput label="Nombre completo" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <Select label="Rol" data={[{ value: 'empleado', label: 'Empleado' }, { value: 'director', label: 'Director' }]} value={role} onChange={(v) => setRole(v === 'director' ? 'director' : 'empleado')} required allowDeselect={false} />
        <Select label="Sector" data={(sectors.data ?? []).map((s) => ({ value: s.sector_id, label: `${s.name} (${s.acronym})` }))} value={sector} onChange={setSector} required searchable disabled={sectors.isLoading} />
      </SimpleGrid>
      <Checkbox label="Puede crear y editar documentos del sector" checked={canEdit} onChange={(e) => setCanEdit(e.currentTarget.checked)} />
      <ErrorAlert error={create.error ?? sectors.error} title="No se pudo dar de alta" />
      <Group><Button type="submit" loading={create.isPending} disabled={!email.trim() || !name.trim() || !sector}>Dar de alta e invitar</Button></Group>
    </Stack>
  );
}

/** The directory: everyone at first, or a server-side search (name or email) a page at a time. */
function UserList({ onStatus }: { onStatus: (userId: string) => void }) {
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
  return (
    <Stack gap="xs">
      <TextInput label="Buscar usuarios" description="Nombre o email (al menos 2 letras)" value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={320} />
      <ErrorAlert error={error} title="No se pudieron leer los usuarios" />
      {(searching ? found.isLoading : users.isLoading) && <Loading />}
      {rows && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead><Table.Tr><Table.Th>Nombre</Table.Th><Table.Th>Email</Table.Th><Table.Th>Invitación</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.user_id}>
                  <Table.Td>{u.full_name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td><Button size="compact-xs" variant="default" onClick={() => onStatus(u.user_id)}>Ver estado</Button></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {searching && found.data && (
        <>
          {found.data.total === 0 && <Text size="sm" c="dimmed">Ningún usuario coincide con «{debounced}».</Text>}
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
  if (!me.is_admin) return <Alert color="blue">Solo un administrador puede gestionar usuarios.</Alert>;
  return (
    <Stack>
      <PageHeader title="Usuarios" />
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">Nuevo usuario</Title>
        <CreateUser onCreated={(userId, message) => setCreated({ userId, message })} />
        {created && (
          <Alert color="teal" mt="md" title={created.message}>
            {created.userId ? <ProvisioningStatus userId={created.userId} /> : 'El alta sigue en curso; aparecerá en la lista en unos instantes.'}
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
