/**
 * "Archivar" on the case screen, for the owner sector's editors: archiving closes the case for
 * good (no transfer, assignment or new document), so it is confirmed first. The server refuses a
 * case with open assignments and says so.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callEnvelope } from '../client';
import { ErrorAlert } from './common';

export function CaseArchive({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const archive = useMutation({
    mutationFn: () => callEnvelope('post', '/api/v1/cases/{id}/archive', { path: { id: caseId } }),
    onSuccess: (res) => {
      setOpen(false);
      notifications.show({ color: 'green', message: res.message });
      void client.invalidateQueries({ queryKey: ['case', caseId] });
      void client.invalidateQueries({ queryKey: ['cases'] });
    },
  });
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          archive.reset();
          setOpen(true);
        }}
      >
        Archivar
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Archivar ${caseNumber}`}>
        <Stack>
          <Text size="sm">
            El expediente queda archivado para siempre: no se podrá transferir, asignar ni agregarle documentos. Si su
            tipo tiene un plazo de conservación, se cuenta desde hoy.
          </Text>
          <ErrorAlert error={archive.error} title="No se pudo archivar" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button color="red" loading={archive.isPending} onClick={() => archive.mutate()}>
              Archivar expediente
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
