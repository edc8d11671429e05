import { Anchor, Badge, Button, Group, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../client';
import { useAuth } from '../auth';
import { ErrorAlert, formatDate, Loading, PageHeader, Pager, StatusBadge, totalPagesOf } from '../components/common';
import { DueDate } from '../components/Deadline';
import { usePendingSignatures } from '../pending';
import type { DocStatus, UserDocument } from '../types';

export const DOCUMENT_TYPES = [
  { value: 'INF', label: 'Informe (INF)' },
  { value: 'DICT', label: 'Dictamen (DICT)' },
  { value: 'RESO', label: 'Resolución (RESO)' },
  { value: 'NOTA', label: 'Nota (NOTA)' },
  { value: 'MEMO', label: 'Memo (MEMO)' },
];

const ROLE_LABELS: Record<UserDocument['rol_usuario'], string> = {
  creador: 'Creador',
  firmante: 'Firmante',
  numerador: 'Numerador',
  otro: '—',
};

function DocumentTable({ documents }: { documents: UserDocument[] }) {
  if (!documents.length) return <Text>No hay documentos con esos filtros.</Text>;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Referencia</Table.Th>
            <Table.Th>Número</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Mi rol</Table.Th>
            <Table.Th>Plazo de firma</Table.Th>
            <Table.Th>Modificado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.document_id}>
              <Table.Td>{d.acronym}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/documentos/${d.document_id}`}>
                  {d.reference}
                </Anchor>
              </Table.Td>
              <Table.Td>{d.official_number ?? '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={d.status} />
              </Table.Td>
              <Table.Td>{ROLE_LABELS[d.rol_usuario]}</Table.Td>
              <Table.Td>
                {d.status === 'sent_to_sign' && d.due_at ? <DueDate dueAt={d.due_at} overdue={d.overdue} /> : '—'}
              </Table.Td>
              <Table.Td>{formatDate(d.last_modified_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MyDocuments() {
  const { me } = useAuth();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const query = useQuery({
    queryKey: ['documents', 'mine', me.user_id, debounced, status, type, page],
    queryFn: () =>
      call('get', '/api/v1/users/{id}/documents', {
        path: { id: me.user_id },
        query: {
          search: debounced.trim(),
          status: (status ?? undefined) as DocStatus | undefined,
          document_type: type ?? undefined,
          page,
          page_size: 20,
        },
      }),
    placeholderData: (prev) => prev,
  });
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Referencia o número"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          clearable
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          w={180}
          data={[
            { value: 'draft', label: 'Borrador' },
            { value: 'sent_to_sign', label: 'En firma' },
            { value: 'signed', label: 'Firmado' },
            { value: 'rejected', label: 'Rechazado' },
          ]}
        />
        <Select
          label="Tipo"
          placeholder="Todos"
          clearable
          value={type}
          onChange={(v) => {
            setType(v);
            setPage(1);
          }}
          data={DOCUMENT_TYPES}
          w={200}
        />
      </Group>
      <ErrorAlert error={query.error} title="No se pudieron leer los documentos" />
      {query.isLoading && <Loading />}
      {query.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.data.total} documento(s)
          </Text>
          <DocumentTable documents={query.data.documents} />
          <Pager page={page} totalPages={totalPagesOf(query.data)} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function Pending() {
  const pending = usePendingSignatures();
  return (
    <Stack>
      <ErrorAlert error={pending.error} />
      {pending.isLoading && <Loading />}
      {pending.data &&
        (pending.data.length ? (
          <DocumentTable documents={pending.data} />
        ) : (
          <Text>No hay documentos esperando su firma.</Text>
        ))}
    </Stack>
  );
}

export default function Documentos() {
  const [params, setParams] = useSearchParams();
  const pending = usePendingSignatures();
  const tab = params.get('vista') === 'pendientes' ? 'pendientes' : 'mios';
  return (
    <Stack>
      <PageHeader title="Documentos">
        <Button component={Link} to="/documentos/nuevo">
          Nuevo documento
        </Button>
      </PageHeader>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'pendientes' ? { vista: 'pendientes' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="mios">Mis documentos</Tabs.Tab>
          <Tabs.Tab
            value="pendientes"
            rightSection={
              pending.data?.length ? (
                <Badge size="xs" color="red">
                  {pending.data.length}
                </Badge>
              ) : null
            }
          >
            Pendientes de firma
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mios" pt="md">
          <MyDocuments />
        </Tabs.Panel>
        <Tabs.Panel value="pendientes" pt="md">
          <Pending />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
