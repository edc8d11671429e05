import { Anchor, Badge, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { PageInfo } from '../types';
import { ErrorAlert, formatDate, Loading, PageHeader, Pager, totalPagesOf } from './common';

export type Box = 'received' | 'sent' | 'archived';

export interface MailItem {
  id: string;
  number: string | null;
  subject: string;
  who: string;
  date: string | null;
  unread: boolean;
  extra?: string;
}

/** A page of one box, as each screen reads it from its own typed routes. */
export type BoxPage<T> = { items: T[] } & PageInfo;
export interface BoxQuery { search: string; page: number; page_size: number }

/** Received, sent and archived lists with a detail dialog; shared by notes and memos. */
export function Mailbox<T>({ title, resource, load, toItem, unreadCount, renderDetail, archive }: {
  title: string;
  resource: 'notes' | 'memos';
  load: (box: Box, query: BoxQuery) => Promise<BoxPage<T>>;
  toItem: (raw: T, box: Box) => MailItem;
  unreadCount?: number;
  renderDetail: (id: string) => ReactNode;
  archive: (id: string, archived: boolean) => Promise<unknown>;
}) {
  const [box, setBox] = useState<Box>('received');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string>();
  const [debounced] = useDebouncedValue(search, 300);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [resource, box, debounced, page],
    queryFn: () => load(box, { search: debounced.trim(), page, page_size: 20 }),
    placeholderData: (prev) => prev,
  });
  const toggleArchive = useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => archive(id, archived),
    onSuccess: () => { setOpen(undefined); void client.invalidateQueries({ queryKey: [resource] }); },
  });
  const items = (list.data?.items ?? []).map((raw) => toItem(raw, box));
  const close = () => { setOpen(undefined); void client.invalidateQueries({ queryKey: [resource] }); };
  return (
    <Stack>
      <PageHeader title={title} />
      <Tabs value={box} onChange={(v) => { setBox((v as Box) ?? 'received'); setPage(1); }}>
        <Tabs.List>
          <Tabs.Tab value="received" rightSection={unreadCount ? <Badge size="xs" color="red" aria-label={`${unreadCount} sin leer`}>{unreadCount}</Badge> : null}>Recibidos</Tabs.Tab>
          <Tabs.Tab value="sent">Enviados</Tabs.Tab>
          <Tabs.Tab value="archived">Archivados</Tabs.Tab>
        </Tabs.List>
      {(['received', 'sent', 'archived'] as const).map((b) => (
        <Tabs.Panel key={b} value={b} pt="sm">
          {b === box && (
            <Stack>
              <TextInput label="Buscar" placeholder="Asunto o número" value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={280} />
              <ErrorAlert error={list.error} title="No se pudo leer la bandeja" />
              {list.isLoading && <Loading />}
              {list.data && (items.length === 0 ? <Text>No hay nada aquí.</Text> : (
                <Table.ScrollContainer minWidth={640}>
                  <Table striped highlightOnHover>
                    <Table.Thead><Table.Tr><Table.Th>Asunto</Table.Th><Table.Th>Número</Table.Th><Table.Th>{box === 'sent' ? 'Destinatarios' : 'Remitente'}</Table.Th><Table.Th>Fecha</Table.Th></Table.Tr></Table.Thead>
                    <Table.Tbody>
                      {items.map((m) => (
                        <Table.Tr key={m.id}>
                          <Table.Td>
                            <Anchor component="button" type="button" onClick={() => setOpen(m.id)} fw={m.unread ? 700 : 400}>{m.subject}</Anchor>
                            {m.unread && <Badge ml="xs" size="xs" color="red">Sin leer</Badge>}
                          </Table.Td>
                          <Table.Td>{m.number ?? '—'}</Table.Td>
                          <Table.Td>{m.who}{m.extra ? <Text size="xs" c="dimmed">{m.extra}</Text> : null}</Table.Td>
                          <Table.Td>{formatDate(m.date)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ))}
              {list.data && <Pager page={page} totalPages={totalPagesOf(list.data)} onChange={setPage} />}
            </Stack>
          )}
        </Tabs.Panel>
      ))}
      </Tabs>
      <Modal opened={Boolean(open)} onClose={close} title={title.replace(/s$/, '')} size="xl">
        {open && (
          <Stack>
            {renderDetail(open)}
            <ErrorAlert error={toggleArchive.error} title="No se pudo archivar" />
            {box !== 'sent' && (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => toggleArchive.mutate({ id: open, archived: box !== 'archived' })} loading={toggleArchive.isPending}>
                  {box === 'archived' ? 'Desarchivar' : 'Archivar'}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
