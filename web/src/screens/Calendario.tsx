/**
 * Calendario (administrators): the municipality's non-working days of a year — Argentina's
 * national holidays and the municipal days an administrator adds or removes — over
 * /api/v1/admin/calendar. Deadlines counted in business days skip every day listed here and
 * every weekend. Below, each document type's default signing deadline in business days
 * (/api/v1/admin/document-types): a round sent to sign without a deadline of its own gets it.
 */
import {
  Badge,
  Button,
  Group,
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
import { notifications } from '@mantine/notifications';
import { call, callEnvelope, type Data } from '../client';
import { useAuth } from '../auth';
import { AdminOnly, ErrorAlert, Loading, PageHeader } from '../components/common';
import { formatCalendarDay, municipalYear } from '../time';

const SOURCE_LABELS = { national: 'Feriado nacional', municipal: 'Día no laborable municipal' } as const;

/** `2026-05-25` as "lunes 25 de mayo de 2026" (a calendar date: no time zone shift). */
const longDate = formatCalendarDay;

function AddDay({ year }: { year: number }) {
  const client = useQueryClient();
  const [date, setDate] = useState('');
  const [description, setDescription] = useState('');
  const add = useMutation({
    mutationFn: () => callEnvelope('post', '/api/v1/admin/calendar', { body: { date, description } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['calendar'] });
      setDate('');
      setDescription('');
    },
  });
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          type="date"
          label="Fecha"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          min={`${year - 1}-01-01`}
          required
        />
        <TextInput
          label="Motivo"
          description="Por ejemplo: Fiesta patronal, asueto administrativo"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={200}
          required
        />
      </SimpleGrid>
      <ErrorAlert error={add.error} title="No se pudo agregar el día" />
      <Group>
        <Button type="submit" loading={add.isPending} disabled={!date || !description.trim()}>
          Agregar día no laborable
        </Button>
      </Group>
    </Stack>
  );
}

type DocumentTypeDeadline = Data<'get', '/api/v1/admin/document-types'>['document_types'][number];

/** One document type's default signing deadline: a number of business days, or none when empty. */
function TypeDeadlineRow({ type }: { type: DocumentTypeDeadline }) {
  const client = useQueryClient();
  const saved = type.signing_due_business_days ?? '';
  const [days, setDays] = useState<number | ''>(saved);
  const save = useMutation({
    mutationFn: () => {
      if (days !== '' && (!Number.isInteger(days) || days < 1 || days > 240))
        throw new Error('Indique entre 1 y 240 días hábiles, o déjelo vacío para no fijar plazo');
      return call('put', '/api/v1/admin/document-types/{acronym}', {
        path: { acronym: type.acronym },
        body: { signing_due_business_days: days === '' ? null : days },
      });
    },
    onSuccess: (data) => {
      notifications.show({
        color: 'green',
        message: data.signing_due_business_days
          ? `${data.name}: plazo de firma de ${data.signing_due_business_days} días hábiles`
          : `${data.name}: sin plazo de firma por defecto`,
      });
      void client.invalidateQueries({ queryKey: ['document-types', 'deadlines'] });
    },
  });
  const changed = days !== saved;
  return (
    <Table.Tr data-acronym={type.acronym}>
      <Table.Td>
        {type.name} ({type.acronym})
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Días hábiles de plazo de ${type.name}`}
          placeholder="Sin plazo"
          value={days}
          onChange={(v) => setDays(typeof v === 'number' ? v : '')}
          min={1}
          max={240}
          allowDecimal={false}
          allowNegative={false}
          w={140}
        />
        {save.error ? (
          <Text size="xs" c="red.9" role="alert" mt={4}>
            {(save.error as Error).message}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!changed}
          aria-label={`Guardar el plazo de ${type.name}`}
        >
          Guardar
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function TypeDeadlines() {
  const types = useQuery({
    queryKey: ['document-types', 'deadlines'],
    queryFn: () => call('get', '/api/v1/admin/document-types'),
  });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Plazos de firma por tipo de documento
      </Title>
      <Text size="sm" mb="xs">
        Un documento enviado a firma sin plazo propio recibe el de su tipo, en días hábiles administrativos. Vacío: sin
        plazo.
      </Text>
      <ErrorAlert error={types.error} title="No se pudieron leer los tipos de documento" />
      {types.isLoading && <Loading />}
      {types.data && (
        <Table data-testid="type-deadlines" aria-label="Plazos de firma por tipo de documento">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tipo de documento</Table.Th>
              <Table.Th>Días hábiles</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.data.document_types.map((t) => (
              // Keyed by the saved value too: a saved change resets the row's field to it.
              <TypeDeadlineRow key={`${t.acronym}-${t.signing_due_business_days ?? ''}`} type={t} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export default function Calendario() {
  const { me } = useAuth();
  const client = useQueryClient();
  const [year, setYear] = useState<number>(municipalYear);
  const days = useQuery({
    queryKey: ['calendar', year],
    queryFn: () => call('get', '/api/v1/admin/calendar', { query: { year } }),
    enabled: me.is_admin,
  });
  const remove = useMutation({
    mutationFn: (date: string) => callEnvelope('delete', '/api/v1/admin/calendar/{date}', { path: { date } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['calendar'] }),
  });
  if (!me.is_admin) return <AdminOnly task="gestionar el calendario" />;
  return (
    <Stack>
      <PageHeader title="Calendario" />
      <Text size="sm">
        Los plazos en días hábiles administrativos no cuentan los fines de semana, los feriados nacionales ni los días
        no laborables que el municipio agregue aquí.
      </Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Nuevo día no laborable
        </Title>
        <AddDay year={year} />
      </Paper>
      <Group>
        <NumberInput
          label="Año"
          value={year}
          onChange={(v) => typeof v === 'number' && setYear(v)}
          min={2000}
          max={2100}
          allowDecimal={false}
          w={120}
        />
      </Group>
      <ErrorAlert error={days.error} title="No se pudo leer el calendario" />
      <ErrorAlert error={remove.error} title="No se pudo quitar el día" />
      {days.isLoading && <Loading />}
      {days.data && (
        <Table striped data-testid="calendar-days">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.data.items.map((d) => (
              <Table.Tr key={`${d.date}-${d.source}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{longDate(d.date)}</Table.Td>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    c="dark.8"
                    miw="max-content"
                    color={d.source === 'national' ? 'blue' : 'grape'}
                  >
                    {SOURCE_LABELS[d.source]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {d.source === 'municipal' && (
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="outline"
                      onClick={() => remove.mutate(d.date)}
                      loading={remove.isPending && remove.variables === d.date}
                      aria-label={`Quitar ${d.name}`}
                    >
                      Quitar
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <TypeDeadlines />
    </Stack>
  );
}
