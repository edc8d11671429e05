import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { canCreate, createKeyBody, KeyScope, SystemReads, type CreateKeyForm } from '../src/components/ApiKeyScope';

const USER = '11111111-1111-4111-8111-111111111111';
const form = (over: Partial<CreateKeyForm>): CreateKeyForm => ({
  name: 'Sistema de turnos',
  days: '',
  allUsers: false,
  userIds: [],
  systemRead: false,
  ...over,
});

describe('createKeyBody', () => {
  it('asks for the users chosen, without the system scope unless checked', () => {
    expect(createKeyBody(form({ userIds: [USER], days: 30 }))).toEqual({
      name: 'Sistema de turnos',
      expires_in_days: 30,
      user_ids: [USER],
    });
    expect(createKeyBody(form({ allUsers: true }))).toEqual({ name: 'Sistema de turnos', all_users: true });
  });

  it('a system-scope key may list no users: the empty list is left out', () => {
    expect(createKeyBody(form({ name: '  Portal  ', systemRead: true }))).toEqual({
      name: 'Portal',
      system_read: true,
    });
    expect(createKeyBody(form({ systemRead: true, userIds: [USER] }))).toEqual({
      name: 'Sistema de turnos',
      user_ids: [USER],
      system_read: true,
    });
    expect(createKeyBody(form({ systemRead: true, allUsers: true }))).toEqual({
      name: 'Sistema de turnos',
      all_users: true,
      system_read: true,
    });
  });
});

describe('canCreate', () => {
  it('needs a name and someone to act for, or the system scope', () => {
    expect(canCreate(form({}))).toBe(false);
    expect(canCreate(form({ name: ' ', systemRead: true }))).toBe(false);
    expect(canCreate(form({ systemRead: true }))).toBe(true);
    expect(canCreate(form({ userIds: [USER] }))).toBe(true);
    expect(canCreate(form({ allUsers: true }))).toBe(true);
  });
});

describe('the list cells', () => {
  const wrap = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

  it('marks a system-scope key and shows its reads, the last one dated', () => {
    wrap(
      <>
        <KeyScope apiKey={{ all_users: false, user_ids: [], system_read: true }} />
        <SystemReads
          apiKey={{ system_read: true, system_read_count: 3, last_system_read_at: '2026-11-25T12:00:00.000Z' }}
        />
      </>,
    );
    expect(screen.getByText('Ningún usuario')).toBeTruthy();
    expect(screen.getByText('Lectura de sistema')).toBeTruthy();
    expect(screen.getByText('3 lecturas')).toBeTruthy();
    expect(screen.getByText(/^última: /)).toBeTruthy();
  });

  it('a key without the scope shows its users and no reads', () => {
    wrap(
      <>
        <KeyScope apiKey={{ all_users: false, user_ids: [USER, USER.replace(/1/g, '2')], system_read: false }} />
        <SystemReads apiKey={{ system_read: false, system_read_count: 0, last_system_read_at: null }} />
      </>,
    );
    expect(screen.getByText('2 usuarios')).toBeTruthy();
    expect(screen.queryByText('Lectura de sistema')).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('a system-scope key not used yet says so', () => {
    wrap(<SystemReads apiKey={{ system_read: true, system_read_count: 0, last_system_read_at: null }} />);
    expect(screen.getByText('0 lecturas')).toBeTruthy();
    expect(screen.getByText('ninguna todavía')).toBeTruthy();
  });
});
