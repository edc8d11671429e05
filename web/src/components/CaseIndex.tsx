/**
 * The case file's index on the case screen: each foliated document with its position, number and
 * folios, annulled ones marked with their reason; the signed index PDF of the version shown (the
 * municipality seal) and earlier versions to look at. Editors of the owner sector may annul a
 * document's folios ("Anular", with a reason): nothing is removed, a new version says so.
 */
import { Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, type Data } from '../client';
import { ErrorAlert, formatDate } from './common';

type CaseIndexView = Data<'get', '/api/v1/cases/{id}/index'>;
type IndexVersion = Data<'get', '/api/v1/cases/{id}/index/versions/{version}'>;
type Entry = IndexVersion['entries'][number];

const folios = (e: Entry) => (e.first_folio === e.last_folio ? `${e.first_folio}` : `${e.first_folio}–${e.last_folio}`);

function AnnulForm({ caseId, entry, onDone }: { caseId: string; entry: Entry; onDone: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const annul = useMutation({
    mutationFn: () =>
      call('post', '/api/v1/cases/{id}/folios/{documentId}/annul', {
        path: { id: caseId, documentId: entry.document_id },
        body: { reason: reason.trim() },
      }),
    onSuccess: (r) => {
      notifications.show({ color: 'teal', message: `Fojas anuladas: índice versión ${r.version}` });
      void client.invalidateQueries({ queryKey: ['case', caseId, 'index'] });
      onDone();
    },
  });
  return (
    <Stack>
      <Text size="sm">{`${entry.type} ${entry.number}, fojas ${folios(entry)}. La entrada queda en el índice, marcada como anulada.`}</Text>
      <Textarea
        label="Motivo de la anulación"
        description="Entre 5 y 500 caracteres"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        minLength={5}
        maxLength={500}
        autosize
        minRows={2}
      />
      <ErrorAlert error={annul.error} title="No se pudo anular" />
      <Group justify="flex-end">
        <Button
          color="red"
          onClick={() => annul.mutate()}
          loading={annul.isPending}
          disabled={reason.trim().length < 5}
        >
          Anular
        </Button>
      </Group>
    </Stack>
  );
}

export function CaseIndex({ caseId }: { caseId: string }) {
  const index = useQuery({
    queryKey: ['case', caseId, 'index'],
    queryFn: () => call('get', '/api/v1/cases/{id}/index', { path: { id: caseId } }),
    // Foliation and the seal's signature happen in the background: look again until every version is signed.
    refetchInterval: (q) => (!q.state.data || q.state.data.versions.some((v) => !v.signed) ? 3000 : false),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const older = useQuery({
    queryKey: ['case', caseId, 'index', chosen],
    enabled: Boolean(chosen),
    queryFn: () =>
      call('get', '/api/v1/cases/{id}/index/versions/{version}', { path: { id: caseId, version: chosen ?? '' } }),
  });
  const [annulling, setAnnulling] = useState<Entry>();
  const data: CaseIndexView | undefined = index.data;
  const shown: IndexVersion | null | undefined = chosen ? older.data : data?.current;
  const canAnnul = Boolean(data?.permissions.can_annul) && !chosen;
  return (
    <Paper withBorder p="md" data-testid="case-index">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Índice del expediente</Text>
        {data && data.versions.length > 1 && (
          <Select
            aria-label="Versión del índice"
            size="xs"
            w={170}
            clearable
            placeholder={`Versión ${data.current?.version ?? ''} (actual)`}
            data={data.versions.slice(0, -1).map((v) => ({ value: String(v.version), label: `Versión ${v.version}` }))}
            value={chosen}
            onChange={setChosen}
          />
        )}
      </Group>
      <ErrorAlert error={index.error ?? older.error} title="No se pudo leer el índice" />
      {data && !data.current && <Text size="sm">Los documentos todavía no están foliados.</Text>}
      {shown && (
        <Stack gap="xs">
          {shown.signed && shown.pdf_url ? (
            <Anchor
              href={shown.pdf_url}
              target="_blank"
              rel="noreferrer"
              size="sm"
            >{`Índice firmado, versión ${shown.version} (PDF)`}</Anchor>
          ) : (
            <Text
              size="sm"
              c="dimmed"
              role="status"
            >{`Versión ${shown.version}: firmando con el sello del municipio…`}</Text>
          )}
          <Text
            size="xs"
            c="dimmed"
          >{`Versión ${shown.version} del ${formatDate(shown.created_at)} (${shown.reason === 'annulled' ? 'anulación' : 'foliado'})`}</Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nº</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Fojas</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.entries.map((e) => (
                <Table.Tr key={e.document_id} data-testid="index-entry">
                  <Table.Td>{e.position}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/documentos/${e.document_id}`} size="sm" title={e.type_name}>
                      {e.number}
                    </Anchor>
                    {e.annulled && <Text size="xs" c="red.8">{`Anulado: ${e.annulment_reason ?? ''}`}</Text>}
                  </Table.Td>
                  <Table.Td>{folios(e)}</Table.Td>
                  <Table.Td>
                    {e.annulled ? (
                      <Badge color="red" variant="light">
                        Anulado
                      </Badge>
                    ) : (
                      canAnnul && (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAnnulling(e)}>
                          Anular
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Modal opened={Boolean(annulling)} onClose={() => setAnnulling(undefined)} title="Anular fojas">
        {annulling && <AnnulForm caseId={caseId} entry={annulling} onDone={() => setAnnulling(undefined)} />}
      </Modal>
    </Paper>
  );
}
