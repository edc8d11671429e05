import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { orderForSave, SignersEditor, type SignerChoice } from '../src/components/SignersEditor';

const users = [
  { user_id: '11111111-1111-4111-8111-111111111111', full_name: 'Lucía Fernández', email: 'l@x' },
  { user_id: '22222222-2222-4222-8222-222222222222', full_name: 'Martín Álvarez', email: 'm@x' },
  { user_id: '33333333-3333-4333-8333-333333333333', full_name: 'Jorge Peña', email: 'j@x' },
];

describe('orderForSave', () => {
  it('puts the numerator last whatever the order shown', () => {
    const chosen: SignerChoice[] = [
      { user_id: 'a', full_name: 'A', is_numerator: true },
      { user_id: 'b', full_name: 'B', is_numerator: false },
      { user_id: 'c', full_name: 'C', is_numerator: false },
    ];
    expect(orderForSave(chosen)).toEqual([
      { user_id: 'b', is_numerator: false },
      { user_id: 'c', is_numerator: false },
      { user_id: 'a', is_numerator: true },
    ]);
  });
});

function Harness({ initial, onValue }: { initial: SignerChoice[]; onValue: (v: SignerChoice[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <SignersEditor
        users={users}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    </MantineProvider>
  );
}

describe('SignersEditor', () => {
  const initial: SignerChoice[] = [
    { user_id: users[0]!.user_id, full_name: users[0]!.full_name, is_numerator: false },
    { user_id: users[1]!.user_id, full_name: users[1]!.full_name, is_numerator: true },
  ];

  it('moves, removes and chooses the numerator with labelled controls', () => {
    let latest = initial;
    render(
      <Harness
        initial={initial}
        onValue={(v) => {
          latest = v;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bajar a Lucía Fernández' }));
    expect(latest.map((s) => s.full_name)).toEqual(['Martín Álvarez', 'Lucía Fernández']);
    fireEvent.click(screen.getByRole('radio', { name: 'Lucía Fernández numera' }));
    expect(latest.find((s) => s.is_numerator)?.full_name).toBe('Lucía Fernández');
    // Removing the numerator hands the role to the last signer left.
    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Lucía Fernández' }));
    expect(latest).toEqual([{ user_id: users[1]!.user_id, full_name: 'Martín Álvarez', is_numerator: true }]);
  });
});
