import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../client';
import type { Recipients } from '../types';
import { ErrorAlert } from './common';
import { RecipientsPicker } from './RecipientsPicker';

/**
 * A new note or memo started from its own box: the same draft the desk's "Nuevo documento" makes
 * (POST /documents with the type and recipients), then its page to write and sign it.
 */
export function NewMailDraft({ kind, onCancel }: { kind: 'NOTA' | 'MEMO'; onCancel: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [reference, setReference] = useState('');
  const [recipients, setRecipients] = useState<Recipients>({ to: [], cc: [], bcc: [] });
  const create = useMutation({
    mutationFn: () =>
      call('post', '/api/v1/documents', {
        body: { document_type_acronym: kind, reference: reference.trim(), recipients },
      }),
    onSuccess: (data) => {
      void client.invalidateQueries({ queryKey: ['documents'] });
      navigate(`/documentos/${data.document_id}`);
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
      aria-label={kind === 'NOTA' ? 'Borrador de nota' : 'Borrador de memo'}
      data-document-type={kind}
    >
      <Stack>
        <TextInput
          label="Referencia"
          description="El asunto del documento"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          required
          maxLength={500}
        />
        <RecipientsPicker kind={kind} value={recipients} onChange={setRecipients} />
        <ErrorAlert error={create.error} title="No se pudo crear el borrador" />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Crear borrador
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
