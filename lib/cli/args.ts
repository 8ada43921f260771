/** Small helpers for the CLI's argument handling. */

/** A CLI usage error: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** A whole positive number from a flag, or a UsageError naming the flag. */
export function intFlag(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  return Number(value);
}
