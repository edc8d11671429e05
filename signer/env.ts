/** Reading the signing services' environment: a trimmed value, or an integer within bounds. */
export type Env = Record<string, string | undefined>;

/** The variable's value, trimmed; undefined when unset or blank. */
export function envValue(env: Env, key: string): string | undefined {
  const v = env[key]?.trim();
  return v ? v : undefined;
}

/** An integer from `min` to `max`, `fallback` when unset; anything else is refused with `invalid(message)`. */
export function envInteger(
  env: Env,
  key: string,
  fallback: number,
  bounds: { min: number; max: number; invalid: (message: string) => Error },
): number {
  const raw = envValue(env, key);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < bounds.min || n > bounds.max)
    throw bounds.invalid(`${key} must be an integer from ${bounds.min} to ${bounds.max}, got "${raw}"`);
  return n;
}
