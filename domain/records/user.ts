import type { ActingUser, DomainContext } from '../context.js';

/** Record operations always act for a user (both interfaces require one). */
export function actingUser(ctx: DomainContext): ActingUser {
  if (!ctx.user) throw new Error('record operations need an acting user');
  return ctx.user;
}
