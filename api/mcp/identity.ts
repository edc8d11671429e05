/**
 * Who calls the MCP server: the bearer token's verified identity, the tenants (municipalities)
 * where its email is an active user, and the context of one of them for a tool call. The tenant
 * layer is the backend's (authenticateIdentity: onboarding link, identity mismatch), so a token
 * acts in MCP exactly as it would in the desk.
 */
import type { Tenant } from '../../db/tenancy.js';
import { authenticateIdentity, BACKEND_AUTH_MESSAGES, tenantsOfActiveUser } from '../../domain/authentication.js';
import type { UserContext } from '../../domain/context.js';
import { AppError, unauthorized } from '../../domain/errors.js';
import type { VerifiedToken } from '../auth/token-verifier.js';
import type { ApiDeps } from '../deps.js';
import { userProvisioning } from '../temporal/user-provisioning.js';

export const MULTI_TENANT_MESSAGE = 'multi_tenant_selection_required';

export interface McpIdentity {
  token: VerifiedToken;
  /** The tenants where the token's email is an active user, by schema name. */
  tenants(): Promise<Tenant[]>;
}

export function mcpIdentity(deps: ApiDeps, token: VerifiedToken): McpIdentity {
  let found: Promise<Tenant[]> | undefined;
  return {
    token,
    tenants() {
      found ??= tenantsOfActiveUser(deps, token.email);
      return found;
    },
  };
}

/** `list_my_tenants`: the municipalities the token's user belongs to. */
export async function tenantsAnswer(identity: McpIdentity) {
  const tenants = (await identity.tenants()).map((t) => ({
    tenant_id: t.schema,
    name: t.displayName,
    city: t.city,
    municipality_code: t.municipalityCode,
  }));
  return { tenants, total: tenants.length };
}

/**
 * The context of a tool call: the tenant named by `tenant_id` (its schema, as list_my_tenants
 * answers it, or its id), else the user's only tenant; several and none named is
 * `multi_tenant_selection_required`.
 */
export async function toolContext(
  deps: ApiDeps,
  identity: McpIdentity,
  tenantId: string | undefined,
): Promise<UserContext> {
  const tenants = await identity.tenants();
  let tenant: Tenant | undefined;
  if (tenantId !== undefined) {
    tenant = tenants.find((t) => t.schema === tenantId || t.id === tenantId);
  } else if (tenants.length > 1) {
    throw new AppError(400, MULTI_TENANT_MESSAGE, MULTI_TENANT_MESSAGE);
  } else {
    tenant = tenants[0];
  }
  if (!tenant) throw unauthorized(BACKEND_AUTH_MESSAGES.userNotFound);
  const { token } = identity;
  const { ctx, linked } = await authenticateIdentity(deps, tenant, {
    sub: token.sub,
    email: token.email,
    emailVerified: token.emailVerified,
  });
  if (linked) await userProvisioning(deps).firstLogin(tenant.schema, ctx.user.email, token.sub);
  return ctx;
}
