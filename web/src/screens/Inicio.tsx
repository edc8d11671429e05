import { groupFeed } from '../feed';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../client';
import { useAuth } from '../auth';
import { PendingSignatures } from '../components/PendingSignatures';
import { ErrorAlert, formatDate, Loading, PageHeader, STATUS_LABELS } from '../components/common';
import { usePendingCount, usePendingSignatures } from '../pending';
import type { DocStatus } from '../types';

function Stat({ label, value, alert = false }: { label: string; value: number | string; alert?: boolean }) {
  return (
    <Card withBorder padding="md" className={alert ? 'stat-alert' : undefined} data-testid={`stat-${label}`}>
      <Text size="sm" c={alert ? 'red.9' : 'dimmed'} fw={alert ? 600 : undefined}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={alert ? 'red.9' : undefined}>
        {value}
      </Text>
    </Card>
  );
}

/** The feed's deadline events: a label beside their description. */
const DEADLINE_KINDS: Record<string, string> = {
  signing_deadline_expired: 'Plazo de firma vencido',
  signing_deadline_escalated: 'Plazo de firma vencido: escalado',
  case_deadline_expired: 'Plazo vencido',
  case_deadline_escalated: 'Plazo vencido: escalado',
};

export default function Inicio() {
  const { me } = useAuth();
  const stats = usePendingCount();
  const pending = usePendingSignatures();
  const feed = useQuery({
    queryKey: ['dashboard', 'feed'],
    queryFn: () => call('get', '/api/v1/dashboard/feed', { query: { page_size: 15 } }),
  });
  return (
    <Stack>
      <PageHeader title={`Hola, ${me.full_name}`} />
      <ErrorAlert error={stats.error} title="No se pudieron leer las estadísticas" />
      {stats.isLoading && <Loading />}
      {stats.data && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stat label="Firmas pendientes" value={stats.data.pending_signatures} />
          <Stat
            label="Firmas vencidas"
            value={stats.data.overdue_signatures}
            alert={stats.data.overdue_signatures > 0}
          />
          <Stat label="Expedientes activos del sector" value={stats.data.active_cases} />
          <Stat label="Actividad (7 días)" value={stats.data.recent_activity.last_7_days} />
          <Stat label="Actividad (30 días)" value={stats.data.recent_activity.last_30_days} />
          {(Object.keys(STATUS_LABELS) as DocStatus[]).map((s) => (
            <Stat
              key={s}
              label={`Documentos: ${STATUS_LABELS[s].toLowerCase()}`}
              value={stats.data.documents_by_status[s] ?? 0}
            />
          ))}
        </SimpleGrid>
      )}
      {/* One column on a phone (a grown Group capped each card at half the width), two from md. */}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder miw={0}>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              Pendientes de mi firma
            </Title>
            <Badge color={pending.data?.length ? 'red' : 'gray'} aria-label={`${pending.data?.length ?? 0} pendientes`}>
              {pending.data?.length ?? 0}
            </Badge>
          </Group>
          <ErrorAlert error={pending.error} />
          {pending.isLoading && <Loading />}
          {pending.data && <PendingSignatures documents={pending.data} />}
        </Card>
        <Card withBorder miw={0}>
          <Title order={2} size="h4" mb="xs">
            Actividad reciente
          </Title>
          <ErrorAlert error={feed.error} />
          {feed.isLoading && <Loading />}
          {feed.data?.items.length === 0 && <Text size="sm">Sin actividad todavía.</Text>}
          {!!feed.data?.items.length && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cuándo</Table.Th>
                  <Table.Th>Qué</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groupFeed(feed.data.items).map((group) => (
                  <Table.Tr key={group.key}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(group.latest.occurred_at)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={
                          group.object.type === 'document'
                            ? `/documentos/${group.object.id}`
                            : `/expedientes/${group.object.id}`
                        }
                      >
                        {group.latest.object.number ?? group.latest.object.reference ?? group.object.type}
                      </Anchor>
                      {group.events.map((item) => (
                        <div key={item.event_id} data-testid="feed-event">
                          {DEADLINE_KINDS[item.kind] && (
                            <div>
                              <Badge
                                variant="light"
                                color="red"
                                c="dark.8"
                                miw="max-content"
                                tt="none"
                                mt={2}
                                data-testid="feed-deadline"
                              >
                                {DEADLINE_KINDS[item.kind]}
                              </Badge>
                            </div>
                          )}
                          <Text size="sm">
                            {group.events.length > 1 && (
                              <Text span size="xs" c="dimmed">
                                {formatDate(item.occurred_at)} ·{' '}
                              </Text>
                            )}
                            {item.description}
                          </Text>
                        </div>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
