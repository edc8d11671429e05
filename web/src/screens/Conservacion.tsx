/**
 * Conservación (administrators): how many years each type of case is kept once archived, and the
 * archived cases whose period has ended, oldest first — /api/v1/admin/retention and
 * /api/v1/admin/case-templates/{id}/retention. Nothing is deleted: the list is for the
 * administrator to decide, under the municipality's rules, what to do with each case.
 */
import { Anchor, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth';
import { call, callEnvelope, type Data } from '../client';
import { AdminOnly, ErrorAlert, formatDate, Loading, PageHeader, Pager, totalPagesOf } from '../components/common';

type Template = Data<'get', '/api/v1/admin/retention'>['templates'][number];

const PAGE_SIZE = 20;

/** One template's period: a number of years (1 to 200) or empty for none. */
function TemplateRow({ template }: { template: Template }) {
  const client = useQueryClient();
  const [years, setYears] = useState<number | string>(template.retention_years ?? '');
  const wanted = years === '' ? null : Number(years);
  const save = useMutation({
    mutationFn: () =>
      callEnvelope('put', '/api/v1/admin/case-templates/{id}/retention', {
        path: { id: template.template_id },
        body: { retention_years: wanted },
      }),
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: `${template.name}: ${res.message}` });
      void client.invalidateQueries({ queryKey: ['retention'] });
    },
  });
  return (
    <Table.Tr>
      <Table.Td>
        {template.name}{' '}
        <Text span size="xs" c="dimmed">
          ({template.acronym})
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput
            aria-label={`Años de conservación de ${template.name}`}
            placeholder="Sin plazo"
            min={1}
            max={200}
            allowDecimal={false}
            w={120}
            value={years}
            onChange={setYears}
            error={save.error ? (save.error as Error).message : undefined}
          />
          <Button
            size="xs"
            variant="default"
            disabled={wanted === template.retention_years}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            Guardar
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export default function Conservacion() {
  const { me } = useAuth();
  const [page, setPage] = useState(1);
  const retention = useQuery({
    queryKey: ['retention', page],
    queryFn: () => call('get', '/api/v1/admin/retention', { query: { page, page_size: PAGE_SIZE } }),
    enabled: me.is_admin,
  });
  if (!me.is_admin) return <AdminOnly task="gestionar la conservación de expedientes" />;
  const data = retention.data;
  return (
    <Stack>
      <PageHeader title="Conservación" />
      <ErrorAlert error={retention.error} title="No se pudo leer la conservación de expedientes" />
      {retention.isLoading && <Loading />}
      {data && (
        <>
          <Paper withBorder p="md" component="section" aria-labelledby="due-title">
            <Title id="due-title" order={2} size="h4" mb="xs">
              Expedientes con el plazo cumplido
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Archivados cuyo plazo de conservación ya pasó, los más antiguos primero. Nada se elimina automáticamente.
            </Text>
            {data.cases.length === 0 ? (
              <Text size="sm">Ningún expediente archivado cumplió su plazo.</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Expediente</Table.Th>
                      <Table.Th>Referencia</Table.Th>
                      <Table.Th>Tipo</Table.Th>
                      <Table.Th>Archivado</Table.Th>
                      <Table.Th>Plazo</Table.Th>
                      <Table.Th>Cumplido el</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.cases.map((c) => (
                      <Table.Tr key={c.case_id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/expedientes/${c.case_id}`}>
                            {c.case_number}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{c.reference}</Table.Td>
                        <Table.Td>{c.template}</Table.Td>
                        <Table.Td>{formatDate(c.archived_at)}</Table.Td>
                        <Table.Td>{c.retention_years} años</Table.Td>
                        <Table.Td>{formatDate(c.retention_ends_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Pager page={page} totalPages={totalPagesOf(data)} onChange={setPage} />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="periods-title">
            <Title id="periods-title" order={2} size="h4" mb="xs">
              Plazo de conservación por tipo de expediente
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Años que se conserva un expediente archivado de cada tipo, contados desde que se archiva. Vacío: sin
              plazo.
            </Text>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tipo de expediente</Table.Th>
                  <Table.Th>Años</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.templates.map((t) => (
                  <TemplateRow key={t.template_id} template={t} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}
