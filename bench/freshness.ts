/**
 * Freshness of revisits (docs/ALGORITHMS.md §4): a simulated web whose pages change as Poisson
 * processes of known rates, revisited once a day with a fixed number of requests, in the product's
 * Poisson order (lib/rules/revisit.ts: estimateChangeRate from each page's visits, orderRevisits by
 * 1 − exp(−λt)) against the original order (each round from the first page, as a plain re-run with
 * the same budget goes) and against round robin (each round on from where the last stopped).
 * Reports the stored copies' mean age and share of stale pages, measured half a day after each round.
 * In process, no network: the crawler's view of a page is what a revisit shows (changed or not).
 *   npm run bench:freshness -- [--pages 2000] [--budget 200] [--rounds 120] [--seed 1] [--free-304]
 */
import { parseArgs } from "node:util";
import { orderRevisits } from "../lib/rules/revisit";
import { createRng, mixSeed, type Rng } from "../lib/testweb/random";

const { values } = parseArgs({ options: {
  pages: { type: "string" }, budget: { type: "string" }, rounds: { type: "string" }, seed: { type: "string" }, warmup: { type: "string" },
  "free-304": { type: "boolean" },
} });
/**
 * The product's own budget: a 304 costs no page, so a round checks pages in the policy's order
 * until BUDGET changed pages have been downloaded (requests themselves unbounded).
 */
const IS_304_FREE = values["free-304"] ?? false;
const PAGES = Number(values.pages ?? 2000);
const BUDGET = Number(values.budget ?? 200);
const ROUNDS = Number(values.rounds ?? 120);
const SEED = Number(values.seed ?? 1);
/** Rounds left out of the averages while the estimates settle. */
const WARMUP = Number(values.warmup ?? 20);
const DAY_SEC = 86_400;
const EPOCH_MS = Date.UTC(2026, 0, 1);

/** One page of the simulated web and what the crawler knows of it. */
interface SimPage {
  index: number; kind: string; rate: number; rng: Rng;
  /** When the page first changes after the crawler's last visit (seconds). */
  firstChange: number;
  lastVisit: number; visits: number; changes: number; trackedSince: number;
}

/** An exponential draw of mean 1 / rate. */
const exponential = (rng: Rng, rate: number) => -Math.log(1 - rng.next()) / rate;

/**
 * The web: rates log-uniform from one change in 120 days to three a day; one page in five is a
 * hub (a list page) drawn from the faster half, as seed 002 says link pages change faster.
 */
function makeWeb(seed: number): SimPage[] {
  const rng = createRng(seed);
  return Array.from({ length: PAGES }, (_, index) => {
    const isHub = rng.chance(0.2);
    const u = isHub ? 0.5 + rng.next() / 2 : rng.next();
    const perDay = Math.exp(Math.log(1 / 120) + u * (Math.log(3) - Math.log(1 / 120)));
    const pageRng = createRng(mixSeed(seed, index));
    const rate = perDay / DAY_SEC;
    return { index, kind: isHub ? "hub" : "content", rate, rng: pageRng, firstChange: exponential(pageRng, rate), lastVisit: 0, visits: 1, changes: 0, trackedSince: 0 };
  });
}

type Policy = "poisson" | "original" | "round-robin";

/** The pages a policy revisits at time `now` (seconds). */
function pick(policy: Policy, web: SimPage[], now: number, round: number): SimPage[] {
  switch (policy) {
    case "original": return web.slice(0, IS_304_FREE ? web.length : BUDGET);
    case "round-robin": return Array.from({ length: IS_304_FREE ? web.length : Math.min(BUDGET, web.length) }, (_, i) => web[((round - 1) * BUDGET + i) % web.length]);
    case "poisson": return orderRevisits(web.map((p) => ({
      page: p, history: { visits: p.visits, changes: p.changes, trackedSec: p.lastVisit - p.trackedSince, kind: p.kind },
      lastVisitAt: new Date(EPOCH_MS + p.lastVisit * 1000),
    })), new Date(EPOCH_MS + now * 1000)).slice(0, IS_304_FREE ? web.length : BUDGET).map((o) => o.item.page);
    default: return policy satisfies never;
  }
}

/** A revisit at `now`: the crawler sees whether the page changed since its last visit. */
function revisit(p: SimPage, now: number): void {
  if (p.firstChange <= now) {
    p.changes++;
    p.firstChange = now + exponential(p.rng, p.rate);
  }
  p.visits++;
  p.lastVisit = now;
}

/** Mean age (days) and share of stale copies of the web at `at`. */
function measure(web: SimPage[], at: number): { age: number; stale: number } {
  let age = 0, stale = 0;
  for (const p of web) if (p.firstChange <= at) { stale++; age += at - p.firstChange; }
  return { age: age / web.length / DAY_SEC, stale: stale / web.length };
}

/** Run a policy over the rounds; averages after the warm-up. */
function simulate(policy: Policy): { age: number; stale: number; changesFound: number } {
  const web = makeWeb(SEED);
  let age = 0, stale = 0, found = 0, n = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const now = round * DAY_SEC;
    let downloads = 0;
    for (const p of pick(policy, web, now, round)) {
      const isChanged = p.firstChange <= now;
      if (IS_304_FREE && isChanged && downloads >= BUDGET) continue; // over budget: this change waits
      if (isChanged) downloads++;
      if (isChanged && round > WARMUP) found++;
      revisit(p, now);
    }
    if (round <= WARMUP) continue;
    const m = measure(web, now + DAY_SEC / 2);
    age += m.age; stale += m.stale; n++;
  }
  return { age: age / n, stale: stale / n, changesFound: found / n };
}

console.log(`pages ${PAGES}, ${BUDGET} ${IS_304_FREE ? "changed pages downloaded (304s free)" : "revisits"} a day, ${ROUNDS} days (first ${WARMUP} left out), seed ${SEED}`);
console.log("| order | mean age (days) | stale share | changes found per day |");
console.log("|---|---:|---:|---:|");
for (const policy of ["poisson", "original", "round-robin"] as const) {
  const r = simulate(policy);
  console.log(`| ${policy} | ${r.age.toFixed(2)} | ${(r.stale * 100).toFixed(1)}% | ${r.changesFound.toFixed(1)} |`);
}
