/** Write the heavy benchmark site of `pages` pages under `out` and its URL list next to it (site.mjs). */
export function generateSite(opts: { pages: number; out: string; origin: string; seed?: number }): Record<string, unknown>;
