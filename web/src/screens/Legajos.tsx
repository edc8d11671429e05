import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, type Data } from '../client';
import { ErrorAlert, formatDay, Loading, PageHeader, Pager, totalPagesOf } from '../components/common';

export type Family = Data<'get', '/api/v1/registries'>['registries'][number];

export function useFamilies() {
  return useQuery({ queryKey: ['registries'], queryFn: () => call('get', '/api/v1/registries'), staleTime: 60_000 });
}

const FIELD_TYPES: Record<string, string> = {
  text: 'texto',
  number: 'número',
  date: 'fecha',
  boolean: 'sí/no',
  select: 'opción',
  file: 'archivo',
};

/** A family's description and the fields its records hold (GET /registries/{id}). */
function FamilyFields({ id }: { id: string }) {
  const family = useQuery({
    queryKey: ['registries', id],
    queryFn: () => call('get', '/api/v1/registries/{id}', { path: { id } }),
    staleTime: 60_000,
  });
  if (family.isLoading) return <Loading label="Leyendo el registro…" />;
  if (!family.data) return <ErrorAlert error={family.error} title="No se pudo leer el registro" />;
  const f = family.data;
  return (
    <Paper withBorder p="sm" data-testid="family-fields">
      <Text fw={600}>{f.name}</Text>
      {f.description && (
        <Text size="sm" mb="xs">
          {f.description}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Estados: {f.allowed_states.join(', ')}
      </Text>
      <Group gap={6} mt={6}>
        {Object.entries(f.data_schema).map(([name, field]) => (
          <Badge key={name} variant="light" c="dark.8" color="gray" tt="none">
            {field.label}
            {field.required ? ' *' : ''} · {FIELD_TYPES[field.type] ?? field.type}
            {field.has_expiration ? ' · vence' : ''}
            {field.has_verification ? ' · se verifica' : ''}
          </Badge>
        ))}
      </Group>
    </Paper>
  );
}

function CreateRecord({ families, onClose }: { families: Family[]; onClose: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const creatable = families.filter((f) => f.permissions.can_create);
  const [code, setCode] = useState<string | null>(creatable[0]?.code ?? null);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => {
      if (!code) throw new Error('Elija el registro');
      return call('post', '/api/v1/records', { body: { registry_code: code, display_name: name.trim() } });
    },
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: ['records'] });
      navigate(`/legajos/${r.id}`);
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
      <Select
        label="Registro"
        data={creatable.map((f) => ({ value: f.code, label: `${f.name} (${f.code})` }))}
        value={code}
        onChange={setCode}
        required
      />
      <TextInput label="Nombre del legajo" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
      <ErrorAlert error={create.error} title="No se pudo crear el legajo" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={create.isPending} disabled={!code || !name.trim()}>
          Crear legajo
        </Button>
      </Group>
    </Stack>
  );
}

export default function Legajos() {
  const families = useFamilies();
  const [family, setFamily] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const [opened, { open, close }] = useDisclosure();
  const term = debounced.trim().length >= 2 ? debounced.trim() : undefined;
  const records = useQuery({
    queryKey: ['records', family, state, term, page],
    queryFn: () =>
      call('get', '/api/v1/records', {
        query: { registry: family ?? undefined, state: state ?? undefined, search: term, page, page_size: 20 },
      }),
    placeholderData: (prev) => prev,
  });
  const selected = families.data?.registries.find((f) => f.code === family);
  return (
    <Stack>
      <PageHeader title="Legajos">
        {families.data?.registries.some((f) => f.permissions.can_create) && (
          <Button onClick={open}>Nuevo legajo</Button>
        )}
      </PageHeader>
      <ErrorAlert error={families.error} title="No se pudieron leer los registros" />
      {families.data && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {families.data.registries.map((f) => (
            <Card
              key={f.id}
              withBorder
              padding="sm"
              component="button"
              type="button"
              onClick={() => {
                setFamily(f.code === family ? null : f.code);
                setState(null);
                setPage(1);
              }}
              aria-pressed={f.code === family}
              style={{ textAlign: 'left', cursor: 'pointer', outlineOffset: 2 }}
              bg={f.code === family ? 'indigo.0' : undefined}
            >
              <Text fw={600}>{f.name}</Text>
              <Text size="sm" c="dimmed">
                {f.code} · {f.record_count} legajo(s)
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          description="Al menos 2 caracteres"
          placeholder="Número, nombre o datos"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        {selected && (
          <Select
            label="Estado"
            placeholder="Todos"
            clearable
            data={selected.allowed_states}
            value={state}
            onChange={(v) => {
              setState(v);
              setPage(1);
            }}
            w={180}
          />
        )}
      </Group>
      {selected && <FamilyFields id={selected.id} />}
      <ErrorAlert error={records.error} title="No se pudieron leer los legajos" />
      {records.isLoading && <Loading />}
      {records.data &&
        (records.data.records.length === 0 ? (
          <Text>No hay legajos con esos filtros.</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Registro</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Próximo vencimiento</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.data.records.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/legajos/${r.id}`}>
                        {r.record_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.display_name}</Table.Td>
                    <Table.Td>{r.registry_name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" c="dark.8">
                        {r.state}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.next_expiration ? formatDay(r.next_expiration) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {records.data && <Pager page={page} totalPages={totalPagesOf(records.data)} onChange={setPage} />}
      <Modal opened={opened} onClose={close} title="Nuevo legajo">
        {families.data && <CreateRecord families={families.data.registries} onClose={close} />}
      </Modal>
    </Stack>
  );
}
