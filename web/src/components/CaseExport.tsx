/**
 * "Exportar expediente" on the case screen: starts an export of the case file (the latest signed
 * index version), shows its progress while the run makes the files, then the two downloads (the
 * complete PDF and the BagIt package) with their SHA-256. The links are temporary signed URLs.
 */
import { Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callEnvelope, type Data } from '../client';
import { ErrorAlert } from './common';

type CaseExportView = Data<'get', '/api/v1/cases/{id}/exports/{exportId}'>;

const STEP_TEXT: Record<string, string> = {
  index: 'Esperando la firma del índice…',
  pdf: 'Armando el PDF del expediente completo…',
  package: 'Armando el paquete BagIt…',
  done: 'Exportación lista',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function CaseExport({ caseId }: { caseId: string }) {
  const [view, setView] = useState<CaseExportView>();
  const run = useMutation({
    mutationFn: async () => {
      setView(undefined);
      let res = await callEnvelope('post', '/api/v1/cases/{id}/export', { path: { id: caseId }, body: {} });
      setView(res.data);
      while (res.data.status === 'pending' || res.data.status === 'running') {
        await sleep(1500);
        res = await callEnvelope('get', '/api/v1/cases/{id}/exports/{exportId}', {
          path: { id: caseId, exportId: res.data.export_id },
        });
        setView(res.data);
      }
      if (res.data.status === 'failed') throw new Error(res.data.error ?? 'La exportación falló');
      return res.data;
    },
  });
  const progress = view?.progress;
  return (
    <Paper withBorder p="md" data-testid="case-export">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Exportación</Text>
        <Button variant="default" size="xs" onClick={() => run.mutate()} loading={run.isPending}>
          Exportar expediente
        </Button>
      </Group>
      {progress && view?.status !== 'done' && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            {STEP_TEXT[progress.step] ?? progress.step}
          </Text>
          <Progress
            value={(progress.done / Math.max(progress.total, 1)) * 100}
            aria-label="Progreso de la exportación"
          />
        </Stack>
      )}
      {view?.status === 'done' && view.pdf && view.package && (
        <Stack gap={4}>
          <Text
            size="sm"
            role="status"
          >{`Índice versión ${view.index_version}: exportación lista (los enlaces vencen en unos minutos).`}</Text>
          <Anchor href={view.pdf.url} target="_blank" rel="noreferrer" size="sm">
            Expediente completo (PDF)
          </Anchor>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            SHA-256 {view.pdf.sha256}
          </Text>
          <Anchor href={view.package.url} download size="sm">
            Paquete BagIt (ZIP)
          </Anchor>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            SHA-256 {view.package.sha256}
          </Text>
        </Stack>
      )}
      <ErrorAlert error={run.error} title="No se pudo exportar el expediente" />
    </Paper>
  );
}
