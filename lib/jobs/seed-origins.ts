/**
 * Where a job's seeds came from: typed, a file, a search provider (with its query and score) or
 * the hosts of a topic's earlier jobs. Pure, so the new-job form keeps the same record as it is
 * filled in and the server validates what it sends.
 */
import { z } from "zod";
import { canonicalizeUrl } from "../rules/url";

/** How a seed reached the job. */
export const SEED_ORIGIN_KINDS = ["manual", "file", "search", "earlier-job"] as const;
/** One of SEED_ORIGIN_KINDS. */
export type SeedOriginKind = (typeof SEED_ORIGIN_KINDS)[number];

/** A seed's origin; a search result names its provider, the query that found it and its score against the topic. */
export const SeedOriginSchema = z.object({
  kind: z.enum(SEED_ORIGIN_KINDS, { error: `seedOrigins: each origin's kind must be one of: ${SEED_ORIGIN_KINDS.join(", ")}` }),
  provider: z.string().max(100, "seedOrigins: a provider name must be at most 100 characters").optional(),
  query: z.string().max(500, "seedOrigins: a query must be at most 500 characters").optional(),
  score: z.number({ error: "seedOrigins: a score must be a number from 0 to 1" }).min(0, "seedOrigins: a score must be a number from 0 to 1").max(1, "seedOrigins: a score must be a number from 0 to 1").optional(),
});
/** A seed's origin. */
export type SeedOrigin = z.output<typeof SeedOriginSchema>;
/** Seed URL → origin. */
export type SeedOrigins = Record<string, SeedOrigin>;

/** Most origins one job may carry (one per seed: seeds are at most 1000). */
const MAX_ORIGINS = 1000;

/** `seedOrigins` as the API (an object) or the form (its JSON in a hidden field) sends it. */
export const SeedOriginsSchema = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    if (v.trim() === "") return undefined;
    try { return JSON.parse(v); } catch { return v; }
  },
  z.record(z.string(), SeedOriginSchema, { error: 'seedOrigins must be an object of seed URL → origin, e.g. {"https://example.com/":{"kind":"file"}}' })
    .refine((r) => Object.keys(r).length <= MAX_ORIGINS, `seedOrigins: at most ${MAX_ORIGINS} entries`).optional(),
);

/** Each seed's origin keyed by its canonical URL; a seed the record does not name was typed ("manual"). */
export function originsOfSeeds(seeds: string[], given: SeedOrigins | undefined): SeedOrigins {
  const byCanonical = new Map<string, SeedOrigin>();
  for (const [url, origin] of Object.entries(given ?? {})) {
    const c = canonicalizeUrl(url);
    if (c.ok) byCanonical.set(c.url, origin);
  }
  return Object.fromEntries(seeds.map((s) => [s, byCanonical.get(s) ?? { kind: "manual" as const }]));
}

/** A stored record read back (older jobs have none): unknown entries are left out. */
export function readSeedOrigins(stored: unknown): SeedOrigins {
  const r = z.record(z.string(), z.unknown()).safeParse(stored);
  if (!r.success) return {};
  return Object.fromEntries(Object.entries(r.data).flatMap(([k, v]) => {
    const o = SeedOriginSchema.safeParse(v);
    return o.success ? [[k, o.data]] : [];
  }));
}
