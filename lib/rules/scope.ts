/**
 * Which URLs a job may crawl (docs/ALGORITHMS.md §3): any site, only the seeds' hosts, or only the
 * seeds' registrable domains. Allow patterns widen the seed modes and, with mode "any", are the
 * whole scope; deny patterns always win.
 */
import { getDomain } from "tldts";

/** How far from its seeds a job may go. */
export const SCOPE_MODES = ["any", "seed-hosts", "seed-domains"] as const;
export type ScopeMode = (typeof SCOPE_MODES)[number];

/** A job's scope settings. */
export interface ScopeRules { mode: ScopeMode; allow: string[]; deny: string[] }

/** Whether a URL is in scope, and why not when it is not (stored as the URL's skip reason). */
export type ScopeDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * A pattern is a host pattern (`example.com`, `*.gov.cn`: the domain and its subdomains) or,
 * when it contains "/", a URL pattern where `*` matches anything (`https://e.com/news/*`).
 */
export function compilePattern(pattern: string): (url: URL) => boolean {
  const p = pattern.trim().toLowerCase();
  const glob = (s: string) => new RegExp(`^${s.split("*").map((x) => x.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
  if (p.includes("/")) {
    const re = glob(p.includes("://") ? p : `*://${p}`);
    return (u) => re.test(u.href.toLowerCase());
  }
  const host = p.replace(/^\*\./, "");
  return (u) => u.hostname === host || u.hostname.endsWith(`.${host}`);
}

/** Why a pattern cannot be used, or null. */
export function describePatternProblem(pattern: string): string | null {
  const p = pattern.trim();
  if (!p) return "a pattern cannot be empty";
  if (/\s/.test(p)) return `"${p}" contains spaces: write one host (example.com, *.gov.cn) or URL pattern (https://example.com/news/*) per line`;
  if (!p.includes("/") && !/^(\*\.)?[\w.-]+$/.test(p)) return `"${p}" is not a host pattern: use e.g. example.com or *.gov.cn`;
  return null;
}

/** The registrable domain of a host (`news.sina.com.cn` → `sina.com.cn`); the host itself for IPs and unknown suffixes. */
export function registrableDomain(host: string): string {
  const h = host.replace(/:\d+$/, "");
  return getDomain(h, { allowPrivateDomains: false }) ?? h;
}

/** A compiled scope for one job and its seeds. */
export function createScope(rules: ScopeRules, seeds: string[]): (url: string) => ScopeDecision {
  const seedHosts = new Set(seeds.map((s) => new URL(s).host));
  const seedDomains = new Set([...seedHosts].map(registrableDomain));
  const allow = rules.allow.map(compilePattern);
  const deny = rules.deny.map(compilePattern);
  return (raw) => {
    const u = new URL(raw);
    if (deny.some((m) => m(u))) return { allowed: false, reason: "scope:deny-pattern" };
    if (allow.some((m) => m(u))) return { allowed: true };
    if (rules.mode === "seed-hosts" && !seedHosts.has(u.host)) return { allowed: false, reason: "scope:other-host" };
    if (rules.mode === "seed-domains" && !seedDomains.has(registrableDomain(u.host))) return { allowed: false, reason: "scope:other-domain" };
    // With mode "any", an allow list is the whole scope.
    if (rules.mode === "any" && allow.length > 0) return { allowed: false, reason: "scope:not-allowed" };
    return { allowed: true };
  };
}
