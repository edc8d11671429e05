import {
  AppShell,
  Avatar,
  Badge,
  Burger,
  Group,
  Loader,
  Menu,
  NavLink,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { call } from './client';
import { useAuth } from './auth';
import { ErrorBoundary } from './components/ErrorBoundary';
import { usePendingCount } from './pending';

// Every screen is its own chunk: the first paint loads only the shell and the screen asked for.
const Inicio = lazy(() => import('./screens/Inicio'));
const Documentos = lazy(() => import('./screens/Documentos'));
const DocumentoNuevo = lazy(() => import('./screens/DocumentoNuevo'));
const Documento = lazy(() => import('./screens/Documento'));
const Expedientes = lazy(() => import('./screens/Expedientes'));
const Expediente = lazy(() => import('./screens/Expediente'));
const Notas = lazy(() => import('./screens/Notas'));
const Memos = lazy(() => import('./screens/Memos'));
const Legajos = lazy(() => import('./screens/Legajos'));
const Legajo = lazy(() => import('./screens/Legajo'));
const Usuarios = lazy(() => import('./screens/Usuarios'));
const ApiKeys = lazy(() => import('./screens/ApiKeys'));
const Calendario = lazy(() => import('./screens/Calendario'));
const Municipio = lazy(() => import('./screens/Municipio'));
const Webhooks = lazy(() => import('./screens/Webhooks'));
const Conservacion = lazy(() => import('./screens/Conservacion'));
const Firma = lazy(() => import('./screens/Firma'));
const Notificaciones = lazy(() => import('./screens/Notificaciones'));

/** The account menu's down arrow (decorative: the button's name says what it opens). */
function DownArrow() {
  return (
    <svg className="account-arrow" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path
        d="M2.5 4.5 6 8l3.5-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "Martín Álvarez" → "MÁ", "María José Núñez" → "MN": the first and last names' initials. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : (Array.from(first)[1] ?? ''))).toLocaleUpperCase(
    'es-AR',
  );
}

function Nav({ onNavigate }: { onNavigate: () => void }) {
  const { me } = useAuth();
  const location = useLocation();
  const stats = usePendingCount();
  const memos = useQuery({
    queryKey: ['memos', 'unread'],
    queryFn: () => call('get', '/api/v1/memos/unread-count'),
    refetchInterval: 60_000,
  });
  const pending = stats.data?.pending_signatures ?? 0;
  const unread = memos.data?.unread_count ?? 0;
  const items: { to: string; label: string; badge?: number; badgeLabel?: string }[] = [
    { to: '/', label: 'Inicio' },
    { to: '/documentos', label: 'Documentos', badge: pending, badgeLabel: 'firmas pendientes' },
    { to: '/expedientes', label: 'Expedientes' },
    { to: '/notas', label: 'Notas' },
    { to: '/memos', label: 'Memos', badge: unread, badgeLabel: 'memos sin leer' },
    { to: '/legajos', label: 'Legajos' },
    ...(me.is_admin
      ? [
          { to: '/usuarios', label: 'Usuarios' },
          { to: '/api-keys', label: 'API Keys' },
          { to: '/webhooks', label: 'Webhooks' },
          { to: '/conservacion', label: 'Conservación' },
          { to: '/firma', label: 'Firma' },
          { to: '/calendario', label: 'Calendario' },
          { to: '/municipio', label: 'Municipio' },
        ]
      : []),
  ];
  const active = (to: string) => (to === '/' ? location.pathname === '/' : location.pathname.startsWith(to));
  return (
    <nav aria-label="Secciones">
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={active(item.to)}
          variant="filled"
          aria-current={active(item.to) ? 'page' : undefined}
          onClick={onNavigate}
          rightSection={
            item.badge ? (
              <Badge size="sm" color="red" aria-label={`${item.badge} ${item.badgeLabel}`}>
                {item.badge}
              </Badge>
            ) : null
          }
        />
      ))}
    </nav>
  );
}

export function App() {
  const [opened, { toggle, close }] = useDisclosure();
  const { me, tenant, tenants, chooseTenant, logout } = useAuth();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir el menú" />
            <Text fw={700} component={Link} to="/" c="indigo.8" td="none">
              Expediente
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {tenant.name}
            </Text>
          </Group>
          {/* No focus placeholder: Mantine 8 renders it as a role-less child of role="menu" (mantine#8971).
              Not in a portal: the open menu stays inside the header's banner landmark. */}
          <Menu position="bottom-end" withInitialFocusPlaceholder={false} withinPortal={false}>
            <Menu.Target>
              {/* Named "Cuenta de <name>" by its content (an aria-label would not match the visible initials). */}
              <UnstyledButton className="account-button" data-testid="account-button">
                <Group gap={8} wrap="nowrap">
                  <VisuallyHidden>Cuenta de</VisuallyHidden>
                  {/* Initials on the darkest indigo keep white text at AA contrast. */}
                  <Avatar color="indigo.9" variant="filled" size={30} radius="xl" aria-hidden="true">
                    {initialsOf(me.full_name)}
                  </Avatar>
                  <Text size="sm" fw={500}>
                    {me.full_name}
                  </Text>
                  <DownArrow />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {/* A menu holds only items: the address is a disabled one (a plain label breaks the menu's role). */}
              <Menu.Item disabled>{me.email}</Menu.Item>
              {tenants.length > 1 &&
                tenants.map((t) => (
                  <Menu.Item
                    key={t.schema}
                    onClick={() => chooseTenant(t.schema)}
                    disabled={t.schema === tenant.schema}
                  >
                    {t.name}
                  </Menu.Item>
                ))}
              <Menu.Item component={Link} to="/notificaciones">
                Notificaciones
              </Menu.Item>
              <Menu.Item c="red.9" onClick={() => void logout()}>
                Salir
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Nav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ErrorBoundary>
          <Suspense fallback={<Loader aria-label="Cargando" />}>
            {/* The tenant keys the screens: switching municipality starts them afresh. */}
            <Routes key={tenant.schema}>
              <Route path="/" element={<Inicio />} />
              <Route path="/documentos" element={<Documentos />} />
              <Route path="/documentos/nuevo" element={<DocumentoNuevo />} />
              <Route path="/documentos/:id" element={<Documento />} />
              <Route path="/expedientes" element={<Expedientes />} />
              <Route path="/expedientes/:id" element={<Expediente />} />
              <Route path="/notas" element={<Notas />} />
              <Route path="/memos" element={<Memos />} />
              <Route path="/legajos" element={<Legajos />} />
              <Route path="/legajos/:id" element={<Legajo />} />
              <Route path="/usuarios" element={<Usuarios />} />
              <Route path="/api-keys" element={<ApiKeys />} />
              <Route path="/webhooks" element={<Webhooks />} />
              <Route path="/conservacion" element={<Conservacion />} />
              <Route path="/firma" element={<Firma />} />
              <Route path="/calendario" element={<Calendario />} />
              <Route path="/municipio" element={<Municipio />} />
              <Route path="/notificaciones" element={<Notificaciones />} />
              <Route path="*" element={<Text role="alert">Página no encontrada.</Text>} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
