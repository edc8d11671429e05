/**
 * Deadlines (plazos) as the desk shows and asks for them: a due instant shown as a local date of
 * the municipality, a "Vencido" badge once it has passed, and the optional field of start-signing,
 * transfer and assign (a date, meaning the end of that local day, or a number of business days
 * counted by the municipality's calendar; never both).
 */
import { Badge, Group, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { formatDay, formatTime } from '../time';

/** A due instant as "27/11/2026" (the end of that local day), or "27/11/2026 12:00" when it ends at another time. */
export function formatDueDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const time = formatTime(d);
  return time === '23:59' ? formatDay(d) : `${formatDay(d)} ${time}`;
}

export function OverdueBadge() {
  // Dark text on light badges keeps the contrast AA; never narrower than its word.
  return (
    <Badge variant="light" color="red" c="dark.8" miw="max-content" style={{ flexShrink: 0 }}>
      Vencido
    </Badge>
  );
}

/** "Vence el 27/11/2026" and, past it, the "Vencido" badge; nothing without a deadline. */
export function DueDate({
  dueAt,
  overdue,
  prefix = 'Vence el',
  size = 'sm',
}: {
  dueAt: string | null | undefined;
  overdue?: boolean;
  prefix?: string;
  size?: 'xs' | 'sm';
}) {
  if (!dueAt) return null;
  return (
    <span className="due-date" data-testid="due-date">
      <Text span size={size}>{`${prefix} ${formatDueDate(dueAt)}`}</Text>
      {overdue && <OverdueBadge />}
    </span>
  );
}

export type DeadlineMode = 'none' | 'date' | 'days';
export interface DeadlineValue {
  mode: DeadlineMode;
  date: string;
  days: number | '';
}
export const NO_DEADLINE: DeadlineValue = { mode: 'none', date: '', days: '' };

/**
 * What a start-signing, transfer or assign body carries for `value`: `due_at` (a date) or
 * `due_in_business_days`, never both; nothing when there is no deadline. Throws (in Spanish) when
 * the chosen kind is incomplete; the server checks the rest (a date in the past, more than a year).
 */
export function deadlineBody(value: DeadlineValue): { due_at?: string; due_in_business_days?: number } {
  if (value.mode === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value.date)) throw new Error('Indique la fecha del plazo');
    return { due_at: value.date };
  }
  if (value.mode === 'days') {
    if (typeof value.days !== 'number' || !Number.isInteger(value.days) || value.days < 1 || value.days > 240) {
      throw new Error('El plazo en días hábiles debe ser un número entero entre 1 y 240');
    }
    return { due_in_business_days: value.days };
  }
  return {};
}

/** The optional deadline of a form: none, a date, or a number of business days. */
export function DeadlineField({
  label,
  value,
  onChange,
  noneLabel = 'Sin plazo',
  description,
}: {
  label: string;
  value: DeadlineValue;
  onChange: (v: DeadlineValue) => void;
  noneLabel?: string;
  description?: string;
}) {
  const id = useId();
  return (
    <Stack gap={6}>
      <Radio.Group
        label={label}
        description={description}
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as DeadlineMode })}
        name={`plazo-${id}`}
      >
        <Group gap="md" mt={4}>
          <Radio value="none" label={noneLabel} />
          <Radio value="date" label="Hasta una fecha" />
          <Radio value="days" label="En días hábiles" />
        </Group>
      </Radio.Group>
      {value.mode === 'date' && (
        <TextInput
          type="date"
          label="Fecha de vencimiento"
          description="Vence al final de ese día"
          value={value.date}
          onChange={(e) => onChange({ ...value, date: e.currentTarget.value })}
          w={220}
          required
        />
      )}
      {value.mode === 'days' && (
        <NumberInput
          label="Cantidad de días hábiles"
          description="Entre 1 y 240; no cuentan fines de semana ni feriados"
          value={value.days}
          onChange={(v) => onChange({ ...value, days: typeof v === 'number' ? v : '' })}
          min={1}
          max={240}
          allowDecimal={false}
          allowNegative={false}
          w={220}
          required
        />
      )}
    </Stack>
  );
}
