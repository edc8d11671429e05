import { Button, FileInput, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, callEnvelope } from '../client';
import { ErrorAlert, PageHeader } from '../components/common';
import { RecipientsPicker } from '../components/RecipientsPicker';
import type { Recipients } from '../types';
import { DOCUMENT_TYPES } from './Documentos';

/** The API's own limit (10 MB): a larger file is refused here, before it is sent. */
const MAX_PDF_BYTES = 10 * 1024 * 1024;

type Mode = 'write' | 'import';

export default function DocumentoNuevo() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('write');
  const [type, setType] = useState<string | null>('INF');
  const [reference, setReference] = useState('');
  const [recipients, setRecipients] = useState<Recipients>({ to: [], cc: [], bcc: [] });
  const [file, setFile] = useState<File | null>(null);
  const withRecipients = mode === 'write' && (type === 'NOTA' || type === 'MEMO');
  const create = useMutation({
    mutationFn: async () => {
      const acronym = type ?? 'INF';
      if (mode === 'write') {
        return call('post', '/api/v1/documents', {
          body: {
            document_type_acronym: acronym,
            reference: reference.trim(),
            ...(withRecipients ? { recipients } : {}),
          },
        });
      }
      if (!file) throw new Error('Elija el PDF a importar');
      if (file.size > MAX_PDF_BYTES) throw new Error('El PDF excede el tamaño máximo de 10 MB');
      const form = new FormData();
      form.set('document_type_acronym', acronym);
      form.set('reference', reference.trim());
      form.set('pdf_file', file, file.name);
      return (await callEnvelope('post', '/api/v1/documents/import', { body: form })).data;
    },
    onSuccess: (data) => {
      void client.invalidateQueries({ queryKey: ['documents'] });
      navigate(`/documentos/${data.document_id}`);
    },
  });
  return (
    <Stack>
      <PageHeader title="Nuevo documento" />
      <Paper
        withBorder
        p="md"
        component="form"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <SegmentedControl
            aria-label="Origen del documento"
            value={mode}
            onChange={(v) => setMode(v === 'import' ? 'import' : 'write')}
            data={[
              { value: 'write', label: 'Redactar' },
              { value: 'import', label: 'Importar un PDF' },
            ]}
            w="fit-content"
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Tipo de documento"
              data={DOCUMENT_TYPES}
              value={type}
              onChange={setType}
              required
              allowDeselect={false}
            />
            <TextInput
              label="Referencia"
              description="El asunto del documento"
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              required
              maxLength={500}
            />
          </Group>
          {withRecipients && (
            <RecipientsPicker kind={type as 'NOTA' | 'MEMO'} value={recipients} onChange={setRecipients} />
          )}
          {mode === 'import' && (
            <>
              <FileInput
                label="Archivo PDF"
                description="Tamaño carta, hasta 10 MB. Se firma tal como está."
                accept="application/pdf"
                value={file}
                onChange={setFile}
                required
                clearable
              />
              {file && file.size > MAX_PDF_BYTES && (
                <Text size="sm" c="red.8" role="alert">
                  El archivo pesa {(file.size / 1024 / 1024).toFixed(1)} MB: el máximo es 10 MB.
                </Text>
              )}
            </>
          )}
          <ErrorAlert
            error={create.error}
            title={mode === 'import' ? 'No se pudo importar el PDF' : 'No se pudo crear el documento'}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {mode === 'import' ? 'Importar borrador' : 'Crear borrador'}
            </Button>
            <Button variant="default" onClick={() => navigate('/documentos')}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
