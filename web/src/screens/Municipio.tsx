/**
 * Municipio (administrators): the municipality as registered (name, city) and its logo, which
 * heads the public verification page of every document it issues — /api/v1/admin/municipality.
 * The logo is a PNG or JPEG of up to 256 KB; the server recognises the type from the file itself
 * and says why it refuses one.
 */
import { Button, FileInput, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../auth';
import { call, callEnvelope, callRaw } from '../client';
import { AdminOnly, ErrorAlert, Loading, PageHeader } from '../components/common';
import { formatDateTime } from '../time';

const MAX_KB = 256;

/** The stored logo as an object URL for the preview (the image needs the desk's credentials). */
function useLogoPreview(version: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!version) return setUrl(null);
    let current: string | null = null;
    let cancelled = false;
    void (async () => {
      const res = await callRaw('get', '/api/v1/admin/municipality/logo');
      if (!res.ok || cancelled) return;
      current = URL.createObjectURL(await res.blob());
      if (cancelled) URL.revokeObjectURL(current);
      else setUrl(current);
    })();
    return () => {
      cancelled = true;
      if (current) URL.revokeObjectURL(current);
    };
  }, [version]);
  return url;
}

export default function Municipio() {
  const { me } = useAuth();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const municipality = useQuery({
    queryKey: ['municipality'],
    queryFn: () => call('get', '/api/v1/admin/municipality'),
    enabled: me.is_admin,
  });
  const logo = municipality.data?.logo ?? null;
  const preview = useLogoPreview(logo ? logo.updated_at : null);
  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    void client.invalidateQueries({ queryKey: ['municipality'] });
  };
  const upload = useMutation({
    mutationFn: () => {
      if (!file) throw new Error('Elija la imagen del logo');
      if (file.size > MAX_KB * 1024)
        throw new Error(`La imagen pesa ${Math.ceil(file.size / 1024)} KB: el logo puede pesar hasta ${MAX_KB} KB`);
      const form = new FormData();
      form.set('logo', file, file.name);
      return callEnvelope('put', '/api/v1/admin/municipality/logo', { body: form });
    },
    onSuccess: (res) => {
      setFile(null);
      done(res.message);
    },
  });
  const remove = useMutation({
    mutationFn: () => callEnvelope('delete', '/api/v1/admin/municipality/logo'),
    onSuccess: (res) => done(res.message),
  });
  if (!me.is_admin) return <AdminOnly task="cambiar los datos del municipio" />;
  return (
    <Stack>
      <PageHeader title="Municipio" />
      <ErrorAlert error={municipality.error} title="No se pudieron leer los datos del municipio" />
      {municipality.isLoading && <Loading />}
      {municipality.data && (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              {municipality.data.name}
            </Title>
            <Text size="sm">Ciudad: {municipality.data.city}</Text>
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="logo-title">
            <Title order={2} size="h4" mb="xs" id="logo-title">
              Logo
            </Title>
            <Text size="sm" mb="sm">
              Se muestra junto al nombre del municipio en la página pública donde cualquier persona verifica un
              documento oficial. Imagen PNG o JPEG de hasta {MAX_KB} KB.
            </Text>
            {logo ? (
              <Group align="flex-end" mb="sm" data-testid="municipality-logo">
                {preview && (
                  <Image
                    src={preview}
                    alt={`Logo actual de ${municipality.data.name}`}
                    mah={96}
                    maw={240}
                    w="auto"
                    fit="contain"
                  />
                )}
                <Text size="sm" c="dimmed">
                  {logo.content_type === 'image/png' ? 'PNG' : 'JPEG'}, {logo.width} × {logo.height} píxeles,{' '}
                  {Math.ceil(logo.size / 1024)} KB. Subido por {logo.updated_by} el {formatDateTime(logo.updated_at)}.
                </Text>
              </Group>
            ) : (
              <Text size="sm" mb="sm" fs="italic">
                El municipio no tiene logo: la página pública muestra solo su nombre.
              </Text>
            )}
            <Stack
              gap="xs"
              component="form"
              onSubmit={(e: React.FormEvent) => {
                e.preventDefault();
                upload.mutate();
              }}
            >
              <Group align="flex-end">
                <FileInput
                  label={logo ? 'Reemplazar el logo' : 'Subir un logo'}
                  description={`PNG o JPEG, hasta ${MAX_KB} KB`}
                  accept="image/png,image/jpeg"
                  value={file}
                  onChange={setFile}
                  clearable
                  w={320}
                />
                <Button type="submit" loading={upload.isPending} disabled={!file}>
                  Guardar logo
                </Button>
                {logo && (
                  <Button color="red" variant="outline" onClick={() => remove.mutate()} loading={remove.isPending}>
                    Quitar logo
                  </Button>
                )}
              </Group>
              <ErrorAlert error={upload.error} title="No se pudo guardar el logo" />
              <ErrorAlert error={remove.error} title="No se pudo quitar el logo" />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
