/**
 * Firma (administrators): how the municipality's officials sign — with the municipality's seal
 * or each with their own certificate held by the remote signing service — and the users set apart
 * from that default (/api/v1/admin/signatures, /api/v1/users/{id}/signature-mode). Each user's
 * mode is chosen in Usuarios.
 */
import { Anchor, Button, Group, Paper, Radio, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth';
import { call, callEnvelope } from '../client';
import { AdminOnly, ErrorAlert, Loading, PageHeader } from '../components/common';
import { MODE_LABELS, useSignatureSettings, type SignatureMode } from '../signature-modes';

function DefaultMode({ saved }: { saved: SignatureMode }) {
  const client = useQueryClient();
  const [mode, setMode] = useState<SignatureMode>(saved);
  const save = useMutation({
    mutationFn: () => callEnvelope('put', '/api/v1/admin/signatures', { body: { default_mode: mode } }),
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: res.message });
      client.setQueryData(['signatures'], res.data);
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="default-mode-title">
      <Title id="default-mode-title" order={2} size="h4" mb="xs">
        Modo de firma del municipio
      </Title>
      <Radio.Group
        value={mode}
        onChange={(v) => setMode(v === 'personal' ? 'personal' : 'seal')}
        label="Los funcionarios firman con"
        description="Vale para quien no tenga un modo propio."
      >
        <Stack gap="xs" mt="xs">
          <Radio value="seal" label={`${MODE_LABELS.seal}: el certificado del municipio en todas las firmas`} />
          <Radio
            value="personal"
            label={`${MODE_LABELS.personal}: el certificado de cada usuario en el servicio de firma remota, autorizado con un código en cada firma`}
          />
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dark.4" mt="sm">
        Los documentos que genera el sistema (carátulas, providencias, informes) se firman siempre con el sello del
        municipio.
      </Text>
      <Group mt="sm">
        <Button onClick={() => save.mutate()} disabled={mode === saved} loading={save.isPending}>
          Guardar
        </Button>
      </Group>
      <ErrorAlert error={save.error} title="No se pudo cambiar el modo de firma" />
    </Paper>
  );
}

function SetApart({
  users,
  defaultMode,
}: {
  users: { user_id: string; full_name: string; mode: SignatureMode }[];
  defaultMode: SignatureMode;
}) {
  const client = useQueryClient();
  const reset = useMutation({
    mutationFn: (user: { user_id: string; full_name: string }) =>
      call('put', '/api/v1/users/{id}/signature-mode', { path: { id: user.user_id }, body: { mode: null } }).then(
        () => user,
      ),
    onSuccess: (user) => {
      notifications.show({ color: 'green', message: `${user.full_name} firma ahora con el modo del municipio` });
      void client.invalidateQueries({ queryKey: ['signatures'] });
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="set-apart-title">
      <Title id="set-apart-title" order={2} size="h4" mb="xs">
        Usuarios con otro modo
      </Title>
      <Text size="sm" c="dark.4" mb="sm">
        Los demás firman con el modo del municipio ({MODE_LABELS[defaultMode].toLowerCase()}). El modo de cada usuario
        se elige en{' '}
        <Anchor component={Link} to="/usuarios" underline="always">
          Usuarios
        </Anchor>
        .
      </Text>
      {users.length === 0 ? (
        <Text size="sm">Ningún usuario tiene un modo propio.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Firma con</Table.Th>
              <Table.Th>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.user_id}>
                <Table.Td>{u.full_name}</Table.Td>
                <Table.Td>{MODE_LABELS[u.mode]}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => reset.mutate(u)}
                    loading={reset.isPending && reset.variables?.user_id === u.user_id}
                    aria-label={`Usar el del municipio para ${u.full_name}`}
                  >
                    Usar el del municipio
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ErrorAlert error={reset.error} title="No se pudo cambiar el modo del usuario" />
    </Paper>
  );
}

export default function Firma() {
  const { me } = useAuth();
  const settings = useSignatureSettings(me.is_admin);
  if (!me.is_admin) return <AdminOnly task="gestionar el modo de firma" />;
  return (
    <Stack>
      <PageHeader title="Firma" />
      <ErrorAlert error={settings.error} title="No se pudo leer el modo de firma" />
      {settings.isLoading && <Loading />}
      {settings.data && (
        <>
          <DefaultMode key={settings.data.default_mode} saved={settings.data.default_mode} />
          <SetApart users={settings.data.users} defaultMode={settings.data.default_mode} />
        </>
      )}
    </Stack>
  );
}
