/**
 * MCP test helpers: tokens for the MCP resource from a real login, an SDK client on a token, and
 * an OAuth client provider for the SDK whose "browser" submits the provider's login form.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { Browser, findForm } from '../identity/support/browser.js';
import { loginWithPassword } from '../identity/support/login.js';
import { getStack } from '../support/hooks.js';
import { ensureAccount, DEMO_ACCOUNT_PASSWORD } from '../support/identity.js';

export const PASSWORD = DEMO_ACCOUNT_PASSWORD;
export const mcpUrl = () => `${getStack().apiUrl}/mcp`;

/** A token for the MCP resource (RFC 8707 `resource`) through the front end's login. */
export async function mcpToken(email: string): Promise<string> {
  await ensureAccount(email, PASSWORD);
  const { idp } = getStack();
  const tokens = await loginWithPassword({
    issuer: idp.issuer,
    clientId: idp.frontendClientId,
    redirectUri: idp.redirectUri,
    email,
    password: PASSWORD,
    resource: mcpUrl(),
  });
  return tokens.accessToken;
}

/** The SDK's client on a bearer token it already has. */
export async function clientWithToken(token: string): Promise<Client> {
  const client = new Client({ name: 'expediente-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl()), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/**
 * The SDK's OAuthClientProvider for a client with no prior relationship: in memory, registering
 * by Client ID Metadata Document when `clientMetadataUrl` is given (else by DCR), and "opening the
 * browser" by logging in through the provider's pages and keeping the code for finishAuth.
 */
export class TestOAuthProvider implements OAuthClientProvider {
  private info: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  readonly browser = new Browser();
  code: string | undefined;
  /** Every authorization URL the SDK built (resource, PKCE parameters). */
  readonly authorizationUrls: URL[] = [];
  registeredBy: 'dcr' | 'cimd' | undefined;

  constructor(
    private readonly options: { redirectUrl: string; email: string; password: string; clientMetadataUrl?: string },
  ) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'expediente MCP test client',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.info;
  }

  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
    this.registeredBy = info.client_id === this.options.clientMetadataUrl ? 'cimd' : 'dcr';
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrls.push(url);
    const stopAt = this.options.redirectUrl;
    let page = await this.browser.navigate(url.href, { stopAt });
    if (!page.stoppedAt && findForm(page.html, 'login'))
      page = await this.browser.submit(
        page,
        'login',
        { email: this.options.email, password: this.options.password },
        stopAt,
      );
    if (!page.stoppedAt && findForm(page.html, 'consent'))
      page = await this.browser.submit(page, 'consent', {}, stopAt);
    if (!page.stoppedAt)
      throw new Error(`login did not reach the callback (status ${page.status}): ${page.html.slice(0, 300)}`);
    const callback = new URL(page.stoppedAt);
    if (callback.searchParams.has('error'))
      throw new Error(
        `authorization error: ${callback.searchParams.get('error')} ${callback.searchParams.get('error_description')}`,
      );
    this.code = callback.searchParams.get('code') ?? undefined;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }
}

/**
 * The whole dance a client that knows only the server URL does: connect (401), discover,
 * register, authorize (login form), finishAuth (code + PKCE → token), connect again.
 */
export async function connectWithOAuth(
  provider: TestOAuthProvider,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const url = new URL(mcpUrl());
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const probe = new Client({ name: 'expediente-tests', version: '1.0.0' });
  await probe.connect(first).then(
    () => {
      throw new Error('connected without authorization');
    },
    (err: Error) => {
      if (err.name !== 'UnauthorizedError' && !/Unauthorized/i.test(err.message)) throw err;
    },
  );
  if (!provider.code) throw new Error('no authorization code after the redirect');
  await first.finishAuth(provider.code);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const client = new Client({ name: 'expediente-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}
