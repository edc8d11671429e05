/**
 * What an API key may do, as the API Keys screen asks for it and shows it: the users it acts for
 * and the system scope (reads without X-User-ID), with that scope's reads counted.
 */
import { Badge, Stack, Text } from '@mantine/core';
import type { Body, Data } from '../client';
import { formatDate } from './common';

export type ApiKey = Data<'get', '/api/v1/admin/api-keys'>['items'][number];
export type CreateApiKeyBody = Body<'post', '/api/v1/admin/api-keys'>;

export const SYSTEM_READ_LABEL = 'Lectura de sistema (sin usuario)';
export const SYSTEM_READ_HELP =
  'Permite a otro sistema leer sin indicar un usuario (sin X-User-ID) el detalle de los documentos oficiales, ' +
  'el de los expedientes y sus documentos. Nunca lee memos, notas, borradores ni documentos rechazados; ' +
  'para todo lo demás sigue haciendo falta un usuario. Cada lectura de sistema queda registrada.';

export interface CreateKeyForm {
  name: string;
  days: number | string;
  allUsers: boolean;
  userIds: string[];
  systemRead: boolean;
}

/**
 * A key acts for the users chosen, or for all active users; with the system scope the users are
 * optional (none: a key that only reads as the system), and an empty list is left out.
 */
export function canCreate(form: CreateKeyForm): boolean {
  return form.name.trim() !== '' && (form.allUsers || form.systemRead || form.userIds.length > 0);
}

export function createKeyBody(form: CreateKeyForm): CreateApiKeyBody {
  return {
    name: form.name.trim(),
    ...(form.days === '' ? {} : { expires_in_days: Number(form.days) }),
    ...(form.allUsers
      ? { all_users: true }
      : form.userIds.length > 0 || !form.systemRead
        ? { user_ids: form.userIds }
        : {}),
    ...(form.systemRead ? { system_read: true } : {}),
  };
}

function usersLabel(key: Pick<ApiKey, 'all_users' | 'user_ids'>): string {
  if (key.all_users) return 'Todos los usuarios activos';
  const n = key.user_ids.length;
  if (n === 0) return 'Ningún usuario';
  return n === 1 ? '1 usuario' : `${n} usuarios`;
}

/** The list's "Alcance" cell: the users it acts for and, when it has it, the system scope. */
export function KeyScope({ apiKey }: { apiKey: Pick<ApiKey, 'all_users' | 'user_ids' | 'system_read'> }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{usersLabel(apiKey)}</Text>
      {apiKey.system_read && (
        <Badge variant="light" c="dark.8" color="grape" miw="max-content" data-testid="api-key-system-read">
          Lectura de sistema
        </Badge>
      )}
    </Stack>
  );
}

/** The list's "Lecturas de sistema" cell: how many reads without a user, and the last one. */
export function SystemReads({
  apiKey,
}: {
  apiKey: Pick<ApiKey, 'system_read' | 'system_read_count' | 'last_system_read_at'>;
}) {
  if (!apiKey.system_read && apiKey.system_read_count === 0) return <Text size="sm">—</Text>;
  const count = apiKey.system_read_count;
  return (
    <Stack gap={2} data-testid="api-key-system-reads">
      <Text size="sm">{count === 1 ? '1 lectura' : `${count} lecturas`}</Text>
      <Text size="xs">
        {apiKey.last_system_read_at ? `última: ${formatDate(apiKey.last_system_read_at)}` : 'ninguna todavía'}
      </Text>
    </Stack>
  );
}
