import { ActionIcon, Button, Group, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DirectoryUser, SignerItem } from '../types';

export interface SignerChoice {
  user_id: string;
  full_name: string;
  is_numerator: boolean;
}

/** The numerator signs last (the backend requires it): the order sent always ends with it. */
export function orderForSave(signers: SignerChoice[]): { user_id: string; is_numerator: boolean }[] {
  const numerator = signers.find((s) => s.is_numerator);
  const others = signers.filter((s) => s !== numerator);
  return [...others, ...(numerator ? [numerator] : [])].map((s) => ({
    user_id: s.user_id,
    is_numerator: s === numerator,
  }));
}

export function fromDetails(items: SignerItem[]): SignerChoice[] {
  return items.map((s) => ({ user_id: s.user_id, full_name: s.full_name, is_numerator: s.is_numerator }));
}

/** Who signs, in which order, and who numbers. */
export function SignersEditor({
  users,
  value,
  onChange,
}: {
  users: DirectoryUser[];
  value: SignerChoice[];
  onChange: (v: SignerChoice[]) => void;
}) {
  const [pick, setPick] = useState<string | null>(null);
  const available = users
    .filter((u) => !value.some((s) => s.user_id === u.user_id))
    .map((u) => ({ value: u.user_id, label: u.sector ? `${u.full_name} — ${u.sector}` : u.full_name }));
  const add = () => {
    const user = users.find((u) => u.user_id === pick);
    if (!user) return;
    // The first signer added numbers until another is chosen.
    onChange([...value, { user_id: user.user_id, full_name: user.full_name, is_numerator: value.length === 0 }]);
    setPick(null);
  };
  const move = (i: number, delta: number) => {
    const next = [...value];
    const [item] = next.splice(i, 1);
    next.splice(i + delta, 0, item!);
    onChange(next);
  };
  const remove = (i: number) => {
    const next = value.filter((_, j) => j !== i);
    if (value[i]?.is_numerator && next.length)
      next[next.length - 1] = { ...next[next.length - 1]!, is_numerator: true };
    onChange(next);
  };
  const setNumerator = (userId: string) => onChange(value.map((s) => ({ ...s, is_numerator: s.user_id === userId })));
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Agregar firmante"
          placeholder="Buscar persona"
          data={available}
          value={pick}
          onChange={setPick}
          searchable
          nothingFoundMessage="Sin resultados"
          w={320}
        />
        <Button variant="light" onClick={add} disabled={!pick}>
          Agregar
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm">Todavía no hay firmantes.</Text>
      ) : (
        <Radio.Group
          value={value.find((s) => s.is_numerator)?.user_id ?? ''}
          onChange={setNumerator}
          label="Firmantes (el numerador firma último y asigna el número)"
        >
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Orden</Table.Th>
                <Table.Th>Firmante</Table.Th>
                <Table.Th>Numerador</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((s, i) => (
                <Table.Tr key={s.user_id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{s.full_name}</Table.Td>
                  <Table.Td>
                    <Radio value={s.user_id} aria-label={`${s.full_name} numera`} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        onClick={() => move(i, -1)}
                        disabled={i === 0}
                        aria-label={`Subir a ${s.full_name}`}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        onClick={() => move(i, 1)}
                        disabled={i === value.length - 1}
                        aria-label={`Bajar a ${s.full_name}`}
                      >
                        ↓
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        color="red"
                        onClick={() => remove(i)}
                        aria-label={`Quitar a ${s.full_name}`}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
      )}
    </Stack>
  );
}
