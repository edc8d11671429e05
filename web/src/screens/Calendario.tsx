/**
 * Calendario (administrators): the municipality's non-working days of a year — Argentina's
 * national holidays and the municipal days an administrator adds or removes — over
 * /api/v1/admin/calendar. Deadlines counted in business days skip every day listed here and
 * every weekend.
 */
import { Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callEnvelope } from '../client';
import { useAuth } from '../auth';
import { ErrorAlert, Loading, PageHeader } from '../components/common';

const SOURCE_LABELS = { national: 'Feriado nacional', municipal: 'Día no laborable municipal' } as const;

/** `2026-05-25` as "lunes 25 de mayo de 2026" (a calendar date: no time zone shift). */
function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('es-AR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

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
    <Stack component="form" onSubmit={(e: React.FormEvent) => { e.preventDefault(); add.mutate(); }}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput type="date" label="Fecha" value={date} onChange={(e) => setDate(e.currentTarget.value)} min={`${year - 1}-01-01`} required />
        <TextInput label="Motivo" description="Por ejemplo: Fiesta patronal, asueto administrativo" value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={200} required />
      </SimpleGrid>
      <ErrorAlert error={add.error} title="No se pudo agregar el día" />
      <Group><Button type="submit" loading={add.isPending} disabled={!date || !description.trim()}>Agregar día no laborable</Button></Group>
    </Stack>
  );
}

export default function Calendario() {
  const { me } = useAuth();
  const client = useQueryClient();
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const days = useQuery({ queryKey: ['calendar', year], queryFn: () => call('get', '/api/v1/admin/calendar', { query: { year } }), enabled: me.is_admin });
  const remove = useMutation({
    mutationFn: (date: string) => callEnvelope('delete', '/api/v1/admin/calendar/{date}', { path: { date } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['calendar'] }),
  });
  if (!me.is_admin) return <Alert color="blue">Solo un administrador puede gestionar el calendario.</Alert>;
  return (
    <Stack>
      <PageHeader title="Calendario" />
      <Text size="sm">Los plazos en días hábiles administrativos no cuentan los fines de semana, los feriados nacionales ni los días no laborables que el municipio agregue aquí.</Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">Nuevo día no laborable</Title>
        <AddDay year={year} />
      </Paper>
      <Group>
        <NumberInput label="Año" value={year} onChange={(v) => typeof v === 'number' && setYear(v)} min={2000} max={2100} allowDecimal={false} w={120} />
      </Group>
      <ErrorAlert error={days.error} title="No se pudo leer el calendario" />
      <ErrorAlert error={remove.error} title="No se pudo quitar el día" />
      {days.isLoading && <Loading />}
      {days.data && (
        <Table striped data-testid="calendar-days">
          <Table.Thead><Table.Tr><Table.Th>Fecha</Table.Th><Table.Th>Motivo</Table.Th><Table.Th>Tipo</Table.Th><Table.Th>Acciones</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {days.data.items.map((d) => (
              <Table.Tr key={`${d.date}-${d.source}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{longDate(d.date)}</Table.Td>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td><Badge variant="light" c="dark.8" miw="max-content" color={d.source === 'national' ? 'blue' : 'grape'}>{SOURCE_LABELS[d.source]}</Badge></Table.Td>
                <Table.Td>
                  {d.source === 'municipal' && (
                    <Button size="compact-xs" color="red" variant="outline" onClick={() => remove.mutate(d.date)} loading={remove.isPending && remove.variables === d.date} aria-label={`Quitar ${d.name}`}>Quitar</Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
