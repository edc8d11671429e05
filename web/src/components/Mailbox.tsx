import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Grid,
  Group,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { PageInfo } from '../types';
import { ErrorAlert, formatDate, Loading, PageHeader, Pager, totalPagesOf } from './common';
import { NewMailDraft } from './NewMailDraft';

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
export interface BoxQuery {
  search: string;
  page: number;
  page_size: number;
}

const BOXES: readonly Box[] = ['received', 'sent', 'archived'];

/**
 * Received, sent and archived lists with a reading pane beside them (below on narrow screens);
 * shared by notes and memos. The open item is in the address (?id=…, with ?bandeja=… for the
 * box), so a reload or a shared link opens it again; ?nuevo=1 shows the new-draft form instead.
 */
export function Mailbox<T>({
  title,
  singular,
  kind,
  newLabel,
  resource,
  load,
  toItem,
  unreadCount,
  renderDetail,
  archive,
}: {
  title: string;
  /** The item's name in a sentence ("Nota", "Memo"). */
  singular: string;
  kind: 'NOTA' | 'MEMO';
  newLabel: string;
  resource: 'notes' | 'memos';
  load: (box: Box, query: BoxQuery) => Promise<BoxPage<T>>;
  toItem: (raw: T, box: Box) => MailItem;
  unreadCount?: number;
  /** The open item; `onRead` once it is loaded (reading marks it read). */
  renderDetail: (id: string, onRead: () => void) => ReactNode;
  archive: (id: string, archived: boolean) => Promise<unknown>;
}) {
  const [params, setParams] = useSearchParams();
  const box: Box = BOXES.find((b) => b === params.get('bandeja')) ?? 'received';
  const who = box === 'sent' ? 'Destinatarios' : 'Remitente';
  const open = params.get('id') ?? undefined;
  const creating = params.get('nuevo') === '1';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const client = useQueryClient();
  const paneHeading = useRef<HTMLHeadingElement>(null);
  const list = useQuery({
    queryKey: [resource, box, debounced, page],
    queryFn: () => load(box, { search: debounced.trim(), page, page_size: 20 }),
    placeholderData: (prev) => prev,
  });
  /** Sets (or, with undefined, removes) address parameters, keeping the others. */
  const navigateTo = (changes: Record<string, string | undefined>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  };
  const select = (id: string) => navigateTo({ id, nuevo: undefined });
  const close = () => {
    navigateTo({ id: undefined, nuevo: undefined });
    void client.invalidateQueries({ queryKey: [resource], predicate: (q) => q.queryKey[1] !== 'detail' });
  };
  const toggleArchive = useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => archive(id, archived),
    onSuccess: () => close(),
  });
  // Reading an item marks it read: the lists and unread counts (not the details) are read again.
  const onRead = () =>
    void client.invalidateQueries({ queryKey: [resource], predicate: (q) => q.queryKey[1] !== 'detail' });
  // The pane takes the focus when it opens, so a keyboard user reads on from its heading.
  useEffect(() => {
    if (open || creating) paneHeading.current?.focus();
  }, [open, creating]);
  const items = (list.data?.items ?? []).map((raw) => toItem(raw, box));
  const openItem = items.find((m) => m.id === open);
  const paneTitle = creating ? newLabel : openItem ? `${singular}: ${openItem.subject}` : singular;
  const showPane = Boolean(open) || creating;
  return (
    <Stack>
      <PageHeader title={title}>
        <Button onClick={() => navigateTo({ nuevo: '1', id: undefined })}>{newLabel}</Button>
      </PageHeader>
      {/* The list and the pane side by side on wide screens, the pane below the list on narrow ones. */}
      <Grid gutter="md">
        <Grid.Col span={showPane ? { base: 12, lg: 5 } : 12} miw={0}>
          <Tabs
            value={box}
            onChange={(v) => {
              navigateTo({ bandeja: v && v !== 'received' ? v : undefined, id: undefined });
              setPage(1);
            }}
          >
            <Tabs.List>
              <Tabs.Tab
                value="received"
                rightSection={
                  unreadCount ? (
                    <Badge size="xs" color="red" aria-label={`${unreadCount} sin leer`}>
                      {unreadCount}
                    </Badge>
                  ) : null
                }
              >
                Recibidos
              </Tabs.Tab>
              <Tabs.Tab value="sent">Enviados</Tabs.Tab>
              <Tabs.Tab value="archived">Archivados</Tabs.Tab>
            </Tabs.List>
            {BOXES.map((b) => (
              <Tabs.Panel key={b} value={b} pt="sm">
                {b === box && (
                  <Stack>
                    <TextInput
                      label="Buscar"
                      placeholder="Asunto o número"
                      value={search}
                      onChange={(e) => {
                        setSearch(e.currentTarget.value);
                        setPage(1);
                      }}
                      maw={280}
                    />
                    <ErrorAlert error={list.error} title="No se pudo leer la bandeja" />
                    {list.isLoading && <Loading />}
                    {list.data &&
                      (items.length === 0 ? (
                        <Text>No hay nada aquí.</Text>
                      ) : (
                        // With the reading pane open the list keeps two columns, sender and number under the
                        // subject (as a mail client does), so it never scrolls sideways beside the pane.
                        <Table.ScrollContainer minWidth={showPane ? 320 : 640}>
                          <Table striped highlightOnHover>
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th>Asunto</Table.Th>
                                {!showPane && (
                                  <>
                                    <Table.Th>Número</Table.Th>
                                    <Table.Th>{who}</Table.Th>
                                  </>
                                )}
                                <Table.Th>Fecha</Table.Th>
                              </Table.Tr>
                            </Table.Thead>
                            <Table.Tbody>
                              {items.map((m) => (
                                <Table.Tr
                                  key={m.id}
                                  bg={m.id === open ? 'indigo.0' : undefined}
                                  data-selected={m.id === open || undefined}
                                >
                                  <Table.Td>
                                    <Anchor
                                      component="button"
                                      type="button"
                                      onClick={() => select(m.id)}
                                      fw={m.unread ? 700 : 400}
                                      aria-current={m.id === open ? 'true' : undefined}
                                      ta="left"
                                    >
                                      {m.subject}
                                    </Anchor>
                                    {m.unread && (
                                      <Badge ml="xs" size="xs" color="red">
                                        Sin leer
                                      </Badge>
                                    )}
                                    {showPane && (
                                      <Text size="xs" c="dimmed">
                                        {who}: {m.who} · {m.number ?? '—'}
                                      </Text>
                                    )}
                                  </Table.Td>
                                  {!showPane && (
                                    <>
                                      <Table.Td>{m.number ?? '—'}</Table.Td>
                                      <Table.Td>
                                        {m.who}
                                        {m.extra ? (
                                          <Text size="xs" c="dimmed">
                                            {m.extra}
                                          </Text>
                                        ) : null}
                                      </Table.Td>
                                    </>
                                  )}
                                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(m.date)}</Table.Td>
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
        </Grid.Col>
        {showPane && (
          <Grid.Col span={{ base: 12, lg: 7 }} miw={0}>
            <Paper
              component="section"
              withBorder
              p="md"
              data-testid="mailbox-pane"
              aria-labelledby="mailbox-pane-title"
              onKeyDown={(e: React.KeyboardEvent) => {
                if (e.key === 'Escape') close();
              }}
            >
              <Stack>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h4" id="mailbox-pane-title" ref={paneHeading} tabIndex={-1}>
                    {paneTitle}
                  </Title>
                  <CloseButton aria-label="Cerrar" onClick={close} />
                </Group>
                {creating ? (
                  <NewMailDraft kind={kind} onCancel={close} />
                ) : (
                  open && (
                    <>
                      {renderDetail(open, onRead)}
                      <ErrorAlert error={toggleArchive.error} title="No se pudo archivar" />
                      {box !== 'sent' && (
                        <Group justify="flex-end">
                          <Button
                            variant="default"
                            onClick={() => toggleArchive.mutate({ id: open, archived: box !== 'archived' })}
                            loading={toggleArchive.isPending}
                          >
                            {box === 'archived' ? 'Desarchivar' : 'Archivar'}
                          </Button>
                        </Group>
                      )}
                    </>
                  )
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
