import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useSectors, useUsers } from '../directory';
import type { Recipients } from '../types';

/** TO / CC / BCC: sectors for a NOTA, users for a MEMO. */
export function RecipientsPicker({
  kind,
  value,
  onChange,
}: {
  kind: 'NOTA' | 'MEMO';
  value: Recipients;
  onChange: (r: Recipients) => void;
}) {
  const users = useUsers();
  const sectors = useSectors(kind === 'NOTA');
  const data =
    kind === 'NOTA'
      ? (sectors.data ?? []).map((s) => ({
          value: s.sector_id,
          label: s.acronym ? `${s.name} (${s.acronym})` : s.name,
        }))
      : (users.data?.users ?? []).map((u) => ({ value: u.user_id, label: u.full_name }));
  const what = kind === 'NOTA' ? 'sectores' : 'personas';
  const field = (key: keyof Recipients, label: string) => (
    <MultiSelect
      label={label}
      placeholder={`Elegir ${what}`}
      data={data}
      value={value[key]}
      onChange={(v) => onChange({ ...value, [key]: v })}
      searchable
      nothingFoundMessage="Sin resultados"
      required={key === 'to'}
      disabled={kind === 'NOTA' ? sectors.isLoading : users.isLoading}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {field('to', 'Para')}
      {field('cc', 'Con copia')}
      {field('bcc', 'Con copia oculta')}
    </SimpleGrid>
  );
}
