/**
 * Notificaciones: how the signed-in user wants each kind of e-mail notice — at once, in the daily
 * digest, or not at all (/api/v1/me/notification-preferences). Each kind is a radio group; the
 * form saves them together.
 */
import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, type Data } from '../client';
import { ErrorAlert, Loading, PageHeader } from '../components/common';

type Preferences = Data<'get', '/api/v1/me/notification-preferences'>['preferences'];
type Kind = keyof Preferences;
type Delivery = Preferences[Kind];

const KINDS: { kind: Kind; label: string; description: string }[] = [
  {
    kind: 'signature_request',
    label: 'Documentos para firmar',
    description: 'Cuando un documento espera su firma (al numerador, cuando firmaron los demás).',
  },
  {
    kind: 'document_outcome',
    label: 'Mis documentos firmados o rechazados',
    description: 'Cuando un documento que usted creó se oficializa con su número, o un firmante lo rechaza.',
  },
  { kind: 'note', label: 'Notas recibidas', description: 'Cuando llega una nota a un sector al que usted pertenece.' },
  { kind: 'memo', label: 'Memos recibidos', description: 'Cuando recibe un memorándum.' },
];

const DELIVERY_LABELS: Record<Delivery, string> = {
  immediate: 'Al momento',
  digest: 'En el resumen diario',
  off: 'No enviar',
};

function PreferencesForm({ saved, digestHour }: { saved: Preferences; digestHour: number }) {
  const client = useQueryClient();
  const [prefs, setPrefs] = useState<Preferences>(saved);
  const save = useMutation({
    mutationFn: () => call('put', '/api/v1/me/notification-preferences', { body: prefs }),
    onSuccess: (data) => {
      client.setQueryData(['notification-preferences'], data);
      notifications.show({ color: 'green', message: 'Preferencias de notificación guardadas' });
    },
  });
  const changed = KINDS.some(({ kind }) => prefs[kind] !== saved[kind]);
  return (
    <Stack
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {KINDS.map(({ kind, label, description }) => (
        <Paper withBorder p="md" key={kind}>
          <Radio.Group
            name={kind}
            label={label}
            description={description}
            value={prefs[kind]}
            onChange={(v) => setPrefs({ ...prefs, [kind]: v as Delivery })}
          >
            <Group mt="xs">
              {(Object.keys(DELIVERY_LABELS) as Delivery[]).map((d) => (
                <Radio key={d} value={d} label={DELIVERY_LABELS[d]} />
              ))}
            </Group>
          </Radio.Group>
        </Paper>
      ))}
      <Text size="sm">
        El resumen diario llega a las {String(digestHour).padStart(2, '0')}:00 con todo lo ocurrido desde el anterior;
        si no hubo nada, no se envía.
      </Text>
      <ErrorAlert error={save.error} title="No se pudieron guardar las preferencias" />
      <Group>
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          Guardar preferencias
        </Button>
      </Group>
    </Stack>
  );
}

export default function Notificaciones() {
  const prefs = useQuery({
    queryKey: ['notification-preferences'],
    queryFn: () => call('get', '/api/v1/me/notification-preferences'),
  });
  return (
    <Stack>
      <PageHeader title="Notificaciones" />
      <Text size="sm">
        Elija cómo recibir por e-mail cada tipo de aviso. Cada e-mail trae un enlace al documento, la nota o el memo.
      </Text>
      <ErrorAlert error={prefs.error} title="No se pudieron leer sus preferencias" />
      {prefs.isLoading && <Loading />}
      {prefs.data && (
        <PreferencesForm
          key={JSON.stringify(prefs.data.preferences)}
          saved={prefs.data.preferences}
          digestHour={prefs.data.digest_hour}
        />
      )}
    </Stack>
  );
}
