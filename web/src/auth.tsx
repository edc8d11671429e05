/**
 * Login with the identity provider (authorization code + PKCE through oidc-client-ts, refresh
 * tokens for renewal), then the municipality: the API says which municipalities the token's user
 * belongs to (/auth/tenants), each is asked for /auth/me and the ones that answer are offered.
 * That first /auth/me is also what completes a new user's onboarding (the backend links the
 * account on it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, setSession } from './api';
import { call } from './client';
import type { DeskConfig } from './config';
import type { Me } from './types';

const TENANT_KEY = 'expediente.tenant';
/**
 * Set by "Salir" and kept until the next login completes: that login asks the provider for the
 * credentials again (`prompt=login`), so a provider session that survived the logout (another
 * tab, a failed redirect) is never reused for whoever sits down next at a shared computer.
 */
const LOGGED_OUT_KEY = 'expediente.logged-out';
/** The municipality the API client sends; set when one is chosen. */
let activeTenant: string | undefined;

export function createUserManager(config: DeskConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.issuer,
    client_id: config.client_id,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    // Auth0 issues API tokens only for a named audience; the development provider accepts it too.
    extraQueryParams: { audience: config.audience },
    automaticSilentRenew: true,
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}

export interface TenantChoice {
  schema: string;
  name: string;
  city: string;
  me: Me;
}

interface AuthState {
  user: User;
  tenant: TenantChoice;
  tenants: TenantChoice[];
  me: Me;
  chooseTenant: (schema: string) => void;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

type Phase =
  | { kind: 'loading'; text: string }
  | { kind: 'anonymous'; error?: string }
  | { kind: 'choose'; user: User; tenants: TenantChoice[] }
  | { kind: 'none'; user: User; error: string }
  | { kind: 'ready'; user: User; tenants: TenantChoice[]; tenant: TenantChoice };

export function AuthProvider({
  config,
  manager,
  children,
  renderLogin,
  renderChooser,
  renderMessage,
}: {
  config: DeskConfig;
  manager: UserManager;
  children: ReactNode;
  renderLogin: (login: () => void, error?: string) => ReactNode;
  renderChooser: (tenants: TenantChoice[], choose: (schema: string) => void, logout: () => void) => ReactNode;
  renderMessage: (text: string, isError: boolean, logout?: () => void) => ReactNode;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading', text: 'Cargando…' });
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // The login callback's code can be spent once: the start-up runs once per page load.
  const started = useRef(false);

  // Ends the provider's session too: OpenID RP-initiated logout when its discovery names an
  // end_session_endpoint (the development provider; Auth0 with the tenant's OIDC logout turned
  // on), else Auth0's own /v2/logout. Either way the provider sends the browser back to `/`.
  const logout = useCallback(async () => {
    localStorage.removeItem(TENANT_KEY);
    localStorage.setItem(LOGGED_OUT_KEY, '1');
    const user = await manager.getUser();
    // A refresh token outlives the provider's session (offline access): it goes with the desk's.
    if (user?.refresh_token) await manager.revokeTokens(['refresh_token']).catch(() => undefined);
    await manager.removeUser();
    const returnTo = `${window.location.origin}/`;
    try {
      if (await manager.metadataService.getEndSessionEndpoint()) {
        await manager.signoutRedirect({
          post_logout_redirect_uri: returnTo,
          // Not the login's `audience`; without an ID token oidc-client-ts names the client itself.
          extraQueryParams: {},
          ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
        });
        return;
      }
      const auth0 = new URL('v2/logout', config.issuer.endsWith('/') ? config.issuer : `${config.issuer}/`);
      auth0.search = new URLSearchParams({ client_id: config.client_id, returnTo }).toString();
      window.location.assign(auth0.href);
    } catch {
      setPhase({ kind: 'anonymous' });
    }
  }, [manager, config.client_id, config.issuer]);

  const login = useCallback(() => {
    const returnTo = window.location.pathname === '/callback' ? '/' : window.location.pathname + window.location.search;
    setPhase({ kind: 'loading', text: 'Redirigiendo al inicio de sesión…' });
    const afterLogout = localStorage.getItem(LOGGED_OUT_KEY) !== null;
    manager
      .signinRedirect({ state: { returnTo }, ...(afterLogout ? { prompt: 'login' } : {}) })
      .catch((err: Error) => setPhase({ kind: 'anonymous', error: `No se pudo iniciar sesión: ${err.message}` }));
  }, [manager]);

  const resolveTenants = useCallback(async (user: User) => {
    setPhase({ kind: 'loading', text: 'Buscando sus municipios…' });
    // One question for the user's municipalities, then each one's /auth/me (usually one).
    const mine = await call('get', '/api/v1/auth/tenants', { renew: false })
      .then((d) => d.tenants)
      .catch((err: Error) => err);
    if (mine instanceof Error) {
      setPhase({ kind: 'none', user, error: mine.message });
      return;
    }
    const found = await Promise.all(
      mine.map(async (t) => {
        try {
          // A 401 here means "not a user of this municipality": the token was just obtained or renewed.
          const me = await call('get', '/api/v1/auth/me', { tenant: t.schema, renew: false });
          return { ...t, me };
        } catch (err) {
          if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return undefined;
          throw err;
        }
      }),
    ).catch((err: Error) => err);
    if (found instanceof Error) {
      setPhase({ kind: 'none', user, error: found.message });
      return;
    }
    const tenants = found.filter((t): t is TenantChoice => Boolean(t));
    if (!tenants.length) {
      setPhase({
        kind: 'none',
        user,
        error: `La cuenta ${user.profile.email ?? ''} no es usuaria de ningún municipio de esta mesa`,
      });
      return;
    }
    const saved = localStorage.getItem(TENANT_KEY);
    const pick = tenants.length === 1 ? tenants[0] : tenants.find((t) => t.schema === saved);
    setPhase(pick ? { kind: 'ready', user, tenants, tenant: pick } : { kind: 'choose', user, tenants });
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let current: User | null = null;
    // Calls refused together share one renewal: the provider rotates refresh tokens, and a second
    // grant with the token the first one spent is taken as a replay and ends the whole session.
    let renewing: Promise<string | undefined> | undefined;
    const renewOnce = async () => {
      try {
        current = await manager.signinSilent();
        return current?.access_token;
      } catch {
        current = null;
        setPhase({ kind: 'anonymous', error: 'Su sesión venció; vuelva a ingresar' });
        return undefined;
      } finally {
        renewing = undefined;
      }
    };
    setSession({
      token: async () => current?.access_token,
      renew: () => (renewing ??= renewOnce()),
      tenant: () => activeTenant,
    });
    const onLoaded = (u: User) => {
      current = u;
    };
    manager.events.addUserLoaded(onLoaded);
    manager.events.addSilentRenewError(() =>
      setPhase({ kind: 'anonymous', error: 'No se pudo renovar la sesión; vuelva a ingresar' }),
    );

    void (async () => {
      try {
        if (window.location.pathname === '/callback') {
          const user = await manager.signinRedirectCallback();
          localStorage.removeItem(LOGGED_OUT_KEY);
          current = user;
          const returnTo = (user.state as { returnTo?: string } | undefined)?.returnTo ?? '/';
          navigateRef.current(returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/', {
            replace: true,
          });
          await resolveTenants(user);
          return;
        }
        let user = await manager.getUser();
        if (user?.expired) user = await manager.signinSilent().catch(() => null);
        if (!user) {
          setPhase({ kind: 'anonymous' });
          return;
        }
        current = user;
        await resolveTenants(user);
      } catch (err) {
        navigateRef.current('/', { replace: true });
        setPhase({ kind: 'anonymous', error: `No se pudo completar el inicio de sesión: ${(err as Error).message}` });
      }
    })();
  }, [manager, resolveTenants]);

  const queryClient = useQueryClient();
  const chooseTenant = useCallback(
    (schema: string) => {
      // What was read belongs to the municipality it was read in: another one starts with no cache.
      if (activeTenant && activeTenant !== schema) queryClient.removeQueries();
      setPhase((p) => {
        if (p.kind !== 'choose' && p.kind !== 'ready') return p;
        const t = p.tenants.find((x) => x.schema === schema);
        if (!t) return p;
        localStorage.setItem(TENANT_KEY, schema);
        return { kind: 'ready', user: p.user, tenants: p.tenants, tenant: t };
      });
    },
    [queryClient],
  );

  const ready = phase.kind === 'ready' ? phase : undefined;
  activeTenant = ready?.tenant.schema;

  const value = useMemo<AuthState | null>(
    () =>
      ready
        ? { user: ready.user, tenant: ready.tenant, tenants: ready.tenants, me: ready.tenant.me, chooseTenant, logout }
        : null,
    [ready, chooseTenant, logout],
  );

  switch (phase.kind) {
    case 'loading':
      return renderMessage(phase.text, false);
    case 'anonymous':
      return renderLogin(login, phase.error);
    case 'none':
      return renderMessage(phase.error, true, () => void logout());
    case 'choose':
      return renderChooser(phase.tenants, chooseTenant, () => void logout());
    case 'ready':
      return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  }
}
