import { Anchor, Badge, Button, Group, Modal, Progress, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, callEnvelope, type Data, type Query } from '../client';
import { useAuth } from '../auth';
import { ErrorAlert, formatDate, Loading, PageHeader, Pager, totalPagesOf } from '../components/common';
import { DueDate } from '../components/Deadline';

type CaseStatus = Query<'/api/v1/cases'>['status'];
type DateFilter = Query<'/api/v1/cases'>['date_filter'];
type Created = Extract<Data<'post', '/api/v1/cases'>, { case: unknown }>;

export const CASE_STATUS: Record<string, string> = { active: 'Activo', inactive: 'Inactivo', archived: 'Archivado' };
const DATE_FILTERS = [
  { value: 'hoy', label: 'Hoy' },
  { value: 'ayer', label: 'Ayer' },
  { value: 'ultimos_7_dias', label: 'Últimos 7 días' },
  { value: 'ultimos_30_dias', label: 'Últimos 30 días' },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creating a case signs its cover (CAEX) before answering; when that takes longer the API answers
 * 202 with a poll URL, which is asked until the case exists.
 */
function CreateCase({ onClose }: { onClose: () => void }) {
  const { me } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const templates = useQuery({
    queryKey: ['cases', 'templates'],
    queryFn: () => call('get', '/api/v1/cases/templates'),
    staleTime: 5 * 60_000,
  });
  const [template, setTemplate] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [sector, setSector] = useState<string | null>(me.permissions.find((p) => p.is_primary)?.sector_id ?? null);
  const [step, setStep] = useState<string>();
  const create = useMutation({
    mutationFn: async () => {
      const key = crypto.randomUUID();
      setStep('Creando el expediente y firmando su carátula…');
      if (!template) throw new Error('Elija el tipo de trámite');
      let res = await callEnvelope('post', '/api/v1/cases', {
        headers: { 'Idempotency-Key': key },
        body: {
          case_template_id: template,
          reference: reference.trim(),
          ...(sector ? { owner_sector_id: sector } : {}),
        },
      });
      while (res.status === 202) {
        setStep('La carátula se está firmando; esperando…');
        await sleep(1500);
        res = await callEnvelope('get', '/api/v1/cases/creations/{key}', { path: { key } });
      }
      return res.data as Created;
    },
    onSuccess: (data) => {
      void client.invalidateQueries({ queryKey: ['cases'] });
      navigate(`/expedientes/${data.case.case_id}`);
    },
    onSettled: () => setStep(undefined),
  });
  const editable = me.permissions.filter((p) => p.can_edit);
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <ErrorAlert error={templates.error} />
      <Select
        label="Tipo de trámite"
        data={(templates.data?.templates ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.acronym})` }))}
        value={template}
        onChange={setTemplate}
        required
        searchable
      />
      <TextInput
        label="Referencia"
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
        required
        maxLength={500}
      />
      {editable.length > 1 && (
        <Select
          label="Sector dueño"
          data={editable.map((p) => ({ value: p.sector_id, label: `${p.name} (${p.acronym})` }))}
          value={sector}
          onChange={setSector}
        />
      )}
      {step && (
        <Stack gap={4} role="status">
          <Text size="sm">{step}</Text>
          <Progress value={100} animated striped aria-label="Progreso de la creación" />
        </Stack>
      )}
      <ErrorAlert error={create.error} title="No se pudo crear el expediente" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={create.isPending} disabled={!template || !reference.trim()}>
          Crear expediente
        </Button>
      </Group>
    </Stack>
  );
}

export default function Expedientes() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [dateFilter, setDateFilter] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const [opened, { open, close }] = useDisclosure();
  const cases = useQuery({
    queryKey: ['cases', 'list', debounced, status, dateFilter, page],
    queryFn: () =>
      call('get', '/api/v1/cases', {
        query: {
          search: debounced.trim(),
          status: (status ?? undefined) as CaseStatus,
          date_filter: (dateFilter ?? undefined) as DateFilter,
          page,
          page_size: 20,
        },
      }),
    placeholderData: (prev) => prev,
  });
  return (
    <Stack>
      <PageHeader title="Expedientes">
        <Button onClick={open}>Nuevo expediente</Button>
      </PageHeader>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Número o referencia"
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
          data={Object.entries(CASE_STATUS).map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          w={160}
        />
        <Select
          label="Fecha"
          placeholder="Cualquiera"
          clearable
          data={DATE_FILTERS}
          value={dateFilter}
          onChange={(v) => {
            setDateFilter(v);
            setPage(1);
          }}
          w={180}
        />
      </Group>
      <ErrorAlert error={cases.error} title="No se pudieron leer los expedientes" />
      {cases.isLoading && <Loading />}
      {cases.data &&
        (cases.data.cases.length === 0 ? (
          <Text>No hay expedientes con esos filtros.</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Referencia</Table.Th>
                  <Table.Th>Trámite</Table.Th>
                  <Table.Th>Sector actual</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Plazo</Table.Th>
                  <Table.Th>Modificado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cases.data.cases.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/expedientes/${c.id}`}>
                        {c.case_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{c.reference}</Table.Td>
                    <Table.Td>{c.case_type.name}</Table.Td>
                    <Table.Td>
                      {c.current_sector.acronym}
                      {c.assigned_sectors.length ? ` (+${c.assigned_sectors.map((s) => s.acronym).join(', ')})` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" c="dark.8" miw="max-content">
                        {CASE_STATUS[c.status] ?? c.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {c.deadline ? (
                        <DueDate
                          dueAt={c.deadline.due_at}
                          overdue={c.deadline.overdue}
                          prefix={`${c.deadline.sector} hasta`}
                        />
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(c.last_modified_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {cases.data && <Pager page={page} totalPages={totalPagesOf(cases.data)} onChange={setPage} />}
      <Modal opened={opened} onClose={close} title="Nuevo expediente" size="lg">
        <CreateCase onClose={close} />
      </Modal>
    </Stack>
  );
}
