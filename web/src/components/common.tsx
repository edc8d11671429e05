import { Alert, Badge, Group, Loader, Pagination, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '../api';
import type { DocStatus } from '../types';

export function ErrorAlert({ error, title = 'No se pudo completar' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {errorText(error)}
    </Alert>
  );
}

/** What a screen for administrators shows anyone else ("Solo un administrador puede …"). */
export function AdminOnly({ task }: { task: string }) {
  return <Alert color="blue">{`Solo un administrador puede ${task}.`}</Alert>;
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Group>{children}</Group>}
    </Group>
  );
}

export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Group role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

export const STATUS_LABELS: Record<DocStatus, string> = {
  draft: 'Borrador',
  sent_to_sign: 'En firma',
  signed: 'Firmado',
  rejected: 'Rechazado',
};
const STATUS_COLORS: Record<DocStatus, string> = {
  draft: 'gray',
  sent_to_sign: 'yellow',
  signed: 'green',
  rejected: 'red',
};

export function StatusBadge({ status }: { status: DocStatus }) {
  // Dark text on light badges keeps the contrast AA.
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} c="dark.8" miw="max-content">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

export function Pager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (p: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Pagination
      mt="md"
      value={page}
      total={totalPages}
      onChange={onChange}
      getControlProps={(c) => ({
        'aria-label': c === 'previous' ? 'Página anterior' : c === 'next' ? 'Página siguiente' : c,
      })}
    />
  );
}

// Dates and times are shown as the municipality's offices read them (its time zone, 24 hours): see ../time.
export { MUNICIPAL_TIME_ZONE, formatDateTime as formatDate, formatDay, formatTime } from '../time';

export function totalPagesOf(p: { total: number; page_size: number; total_pages?: number }): number {
  return p.total_pages ?? Math.max(1, Math.ceil(p.total / Math.max(1, p.page_size)));
}
