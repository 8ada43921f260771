/** Deployment configuration: one zod-validated place that fails fast and names every bad variable. */
import { z } from "zod";
import { createAddressPolicy, type AddressPolicy } from "./rules/address-guard";
import { parseTrustedProxies, type TrustedProxies } from "./rules/client-address";
import { parseSearchProviders } from "./rules/search-results";

const boolFromEnv = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .default("")
  .transform((v) => v === "1" || v === "true" || v === "yes");

const intFromEnv = (def: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(def);

function isHttpOrigin(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.pathname === "/" && !u.search && !u.username;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PORT: intFromEnv(3000, 1, 65535),
  HOST: z.string().min(1).default("127.0.0.1"),
  ADMIN_PASSWORD: z.string().optional(),
  /**
   * The address people open the dashboard at when it is not HOST:PORT (a reverse proxy, a host
   * name): requests naming another host are refused, so a rebound DNS name cannot reach it.
   */
  PUBLIC_URL: z.string().default("").refine((v) => v === "" || isHttpOrigin(v), {
    message: "must be the dashboard's address as people open it, e.g. https://crawl.example.com or http://10.0.0.5:3000",
  }),
  /** The largest JSON body an API route reads, in bytes (topic definitions with example texts get 8 times this). */
  MAX_JSON_BODY_BYTES: intFromEnv(1024 * 1024, 1024, 64 * 1024 * 1024),
  FOCUSCRAWL_DATA_DIR: z.string().min(1).default(".data"),
  EMBEDDED_PG_PORT: intFromEnv(54329, 1, 65535),
  ALLOW_PRIVATE_NETWORKS: boolFromEnv,
  /** Private networks or hosts crawlable without ALLOW_PRIVATE_NETWORKS: CIDRs or host names, comma-separated. */
  PRIVATE_NETWORK_ALLOW: z.string().default("").transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .superRefine((list, ctx) => {
      try {
        createAddressPolicy({ allowAll: false, allowList: list });
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
  /**
   * The reverse proxies in front of the dashboard (addresses or CIDRs, comma-separated): only a
   * request whose connection comes from one of them may name its client in X-Forwarded-For,
   * which the sign-in throttle counts by. Empty: the connection's own address, always.
   */
  TRUSTED_PROXIES: z.string().default("").transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .superRefine((list, ctx) => {
      try {
        parseTrustedProxies(list);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
  CRAWL_RESOLVE: z.string().default(""),
  /**
   * Search providers that offer candidate seeds: NAME=URL of a SearXNG-style JSON endpoint, comma-separated.
   * A deployment setting, not a database one: it names where the dashboard sends the topic's words,
   * which, like the private-network allow list, is the administrator's decision.
   */
  SEARCH_PROVIDERS: z.string().default("").transform((v, ctx) => {
    try {
      return parseSearchProviders(v);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: (err as Error).message });
      return z.NEVER;
    }
  }),
  /** How long one query to a search provider may take, in milliseconds, waiting for its turn included. */
  SEARCH_TIMEOUT_MS: intFromEnv(8_000, 100, 120_000),
  /** The least time between two queries to one provider, in milliseconds (public SearXNG instances refuse bursts). */
  SEARCH_MIN_INTERVAL_MS: intFromEnv(1_000, 0, 600_000),
  CRAWL_USER_AGENT: z
    .string()
    .min(1)
    .default("FocusCrawl/0.1 (+https://github.com/focuscrawl/focuscrawl)"),
  WORKER_CONCURRENCY: intFromEnv(16, 1, 512),
  /** Threads per worker that decode, parse and score pages; unset: one per core but one, at most 4; 0: the main thread. */
  WORKER_ANALYSIS_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** The Chromium a worker renders pages with (fetch modes browser and auto); empty: every page over HTTP. */
  BROWSER_PATH: z.string().default("/usr/bin/chromium"),
  /** Pages a worker renders at once. */
  BROWSER_PAGES: intFromEnv(2, 1, 32),
  /** A rendered page's whole time, in milliseconds: it ends there with what it rendered. */
  BROWSER_PAGE_BUDGET_MS: intFromEnv(20_000, 1_000, 300_000),
  /** The JavaScript heap a rendered page may use, in MB (past it the page's renderer stops and the page fails). */
  BROWSER_HEAP_MB: intFromEnv(256, 32, 4096),
  WORKER_LEASE_MS: intFromEnv(120_000, 1_000, 3_600_000),
  WORKER_HEARTBEAT_MS: intFromEnv(5_000, 100, 600_000),
  WORKER_STALE_AFTER_MS: intFromEnv(20_000, 500, 3_600_000),
  WORKER_IDLE_POLL_MS: intFromEnv(500, 10, 60_000),
});

/** The validated deployment configuration. */
export type Env = z.infer<typeof EnvSchema>;

/** Thrown when an environment variable is invalid; the message lists each one and how to fix it. */
export class EnvError extends Error {}

/** Parse an environment (default: process.env); throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (i) => `  ${i.path.join(".")}=${JSON.stringify(source[String(i.path[0])] ?? "")}: ${i.message}`,
  );
  throw new EnvError(
    `Invalid configuration (fix these environment variables or unset them to use the defaults):\n${lines.join("\n")}`,
  );
}

/** True when the address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1";
}

/** The deployment's address guard (ALLOW_PRIVATE_NETWORKS, PRIVATE_NETWORK_ALLOW) as one decision. */
export function deploymentAddressPolicy(env: Env = loadEnv()): AddressPolicy {
  return createAddressPolicy({ allowAll: env.ALLOW_PRIVATE_NETWORKS, allowList: env.PRIVATE_NETWORK_ALLOW });
}

/** The deployment's trusted reverse proxies (TRUSTED_PROXIES), ready to check an address against. */
export function deploymentTrustedProxies(env: Env = loadEnv()): TrustedProxies {
  return parseTrustedProxies(env.TRUSTED_PROXIES);
}
