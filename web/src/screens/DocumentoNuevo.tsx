import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../client';
import { ErrorAlert, PageHeader } from '../components/common';
import { RecipientsPicker } from '../components/RecipientsPicker';
import type { Recipients } from '../types';
import { DOCUMENT_TYPES } from './Documentos';

export default function DocumentoNuevo() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [type, setType] = useState<string | null>('INF');
  const [reference, setReference] = useState('');
  const [recipients, setRecipients] = useState<Recipients>({ to: [], cc: [], bcc: [] });
  const create = useMutation({
    mutationFn: () =>
      call('post', '/api/v1/documents', {
        body: { document_type_acronym: type ?? 'INF', reference: reference.trim(), ...(type === 'NOTA' || type === 'MEMO' ? { recipients } : {}) },
      }),
    onSuccess: (data) => {
      void client.invalidateQueries({ queryKey: ['documents'] });
      navigate(`/documentos/${data.document_id}`);
    },
  });
  return (
    <Stack>
      <PageHeader title="Nuevo documento" />
      <Paper withBorder p="md" component="form" onSubmit={(e: React.FormEvent) => { e.preventDefault(); create.mutate(); }}>
        <Stack>
          <Group grow align="flex-start" wrap="wrap">
            <Select label="Tipo de documento" data={DOCUMENT_TYPES} value={type} onChange={setType} required allowDeselect={false} />
            <TextInput label="Referencia" description="El asunto del documento" value={reference} onChange={(e) => setReference(e.currentTarget.value)} required maxLength={500} />
          </Group>
          {(type === 'NOTA' || type === 'MEMO') && <RecipientsPicker kind={type} value={recipients} onChange={setRecipients} />}
          <ErrorAlert error={create.error} title="No se pudo crear el documento" />
          <Group>
            <Button type="submit" loading={create.isPending}>Crear borrador</Button>
            <Button variant="default" onClick={() => navigate('/documentos')}>Cancelar</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
