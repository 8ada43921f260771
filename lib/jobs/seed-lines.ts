/**
 * A line-by-line check of pasted seed URLs, for the new-job form to show as the person types:
 * which lines are not URLs, use another scheme, point at a private or local address, or repeat
 * an earlier line. Pure (no DNS, no node:net), so it runs in the browser; the crawler's own
 * guard still decides at fetch time, after resolving the name.
 */
import { canonicalizeUrl } from "../rules/url";

/** One problem on one line (1-based). */
export type SeedLineIssue =
  | { line: number; kind: "not-url" }
  | { line: number; kind: "scheme"; scheme: string }
  | { line: number; kind: "private"; host: string }
  | { line: number; kind: "duplicate"; first: number };

const PRIVATE_V4 = [/^10\./, /^127\./, /^0\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/** True for host names and address literals that are private or local whatever DNS says. */
export function isPrivateHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(h)) return PRIVATE_V4.some((re) => re.test(h));
  return h === "::1" || /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h);
}

/** The seed lines (blank lines skipped) and every problem found, in line order. */
export function checkSeedLines(text: string): { urls: string[]; issues: SeedLineIssue[] } {
  const seen = new Map<string, number>();
  const urls: string[] = [];
  const issues: SeedLineIssue[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = i + 1;
    const s = raw.trim();
    if (!s) return;
    const c = canonicalizeUrl(s);
    if (!c.ok) {
      issues.push(c.reason.startsWith("unsupported-scheme") ? { line, kind: "scheme", scheme: c.reason.split(":")[1] } : { line, kind: "not-url" });
      return;
    }
    const first = seen.get(c.url);
    if (first !== undefined) return void issues.push({ line, kind: "duplicate", first });
    seen.set(c.url, line);
    urls.push(c.url);
    const host = new URL(c.url).hostname;
    if (isPrivateHost(host)) issues.push({ line, kind: "private", host });
  });
  return { urls, issues };
}

/** Each line of a .txt file, or the first cell of each row of a .csv file; cells with no dot, colon or slash (a header such as "url") are left out. */
export function seedLinesOfFile(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.split(/[,;\t]/)[0].trim().replace(/^"|"$/g, "")).filter((c) => /[.:/]/.test(c));
}
