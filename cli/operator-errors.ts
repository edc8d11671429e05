/**
 * How a console command ends: a mistake the operator can fix (a domain refusal, a usage error, an
 * unknown flag) prints its message and exits 2; anything else prints its stack and exits 1.
 */
import { isAppError } from '../domain/errors.js';

/** A command line the operator must correct (missing flag, unknown command). */
export class UsageError extends Error {}

export function isOperatorError(err: Error): boolean {
  return (
    isAppError(err) ||
    err instanceof UsageError ||
    String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS')
  );
}

/** Runs a command's `main`, ending the process as described above on failure. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((err: Error) => {
    console.error(isOperatorError(err) ? err.message : (err.stack ?? err.message));
    process.exit(isOperatorError(err) ? 2 : 1);
  });
}
