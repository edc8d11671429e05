/** Who performed a key action, as the audit trail records it. */
import os from 'node:os';
import type { ActingUser } from '../context.js';

export interface ApiKeyActor {
  /** "user:<email>" for a tenant administrator, "cli:<os user>" for an operator at the console. */
  label: string;
  userId: string | null;
}

export function userActor(user: ActingUser): ApiKeyActor {
  return { label: `user:${user.email}`, userId: user.id };
}

export function cliActor(): ApiKeyActor {
  let name: string;
  try {
    name = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the environment is the next best witness.
    name = process.env.USER ?? process.env.LOGNAME ?? 'unknown';
  }
  return { label: `cli:${name}`, userId: null };
}
