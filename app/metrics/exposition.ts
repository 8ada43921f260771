/**
 * The Prometheus text exposition of a metrics snapshot, written by prom-client: it escapes label
 * values and help text, formats numbers (+Inf, NaN) and names the content type, the parts of the
 * format easy to get wrong by hand. A fresh registry per scrape: every value comes from the
 * database, so nothing is kept between scrapes and every dashboard process answers the same.
 */
import { Counter, Gauge, Registry, type Metric } from "prom-client";
import type { MetricsSnapshot } from "@/lib/store/metrics";
import type { LatencyHistogram } from "@/lib/store/worker-latency";

/** The content type of the exposition. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * A histogram whose buckets were counted elsewhere (by the workers, stored with their heartbeats):
 * prom-client's own Histogram only counts observations made in this process, so this hands the
 * registry the finished values in the shape its Histogram's get() returns.
 */
function storedHistogram(name: string, help: string, h: LatencyHistogram): Metric {
  let cumulative = 0;
  const buckets = h.bounds.map((le, i) => {
    cumulative += h.counts[i];
    return { metricName: `${name}_bucket`, labels: { le }, value: cumulative };
  });
  const values = [
    ...buckets,
    { metricName: `${name}_bucket`, labels: { le: "+Inf" }, value: h.count },
    { metricName: `${name}_sum`, labels: {}, value: h.sum },
    { metricName: `${name}_count`, labels: {}, value: h.count },
  ];
  return { name, help, type: "histogram", aggregator: "sum", get: async () => ({ name, help, type: "histogram", aggregator: "sum", values }) } as unknown as Metric;
}

/** Render `s` in the Prometheus text format. */
export async function renderMetrics(s: MetricsSnapshot): Promise<string> {
  const registry = new Registry();
  const registers = [registry];
  const job = (id: number) => ({ job_id: String(id) });

  const info = new Gauge({ name: "focuscrawl_job_info", help: "A crawl job: its name, strategy and status (value 1).", labelNames: ["job_id", "name", "strategy", "status"], registers });
  const counter = (name: string, help: string) => new Counter({ name, help, labelNames: ["job_id"], registers });
  const fetched = counter("focuscrawl_pages_fetched_total", "Pages fetched and stored by the job (its pages_fetched counter).");
  const failed = counter("focuscrawl_pages_failed_total", "URLs of the job that failed (HTTP errors, timeouts, refused hosts).");
  const links = counter("focuscrawl_links_found_total", "Links the job queued.");
  const gauge = (name: string, help: string, labelNames: string[]) => new Gauge({ name, help, labelNames, registers });
  const stored = gauge("focuscrawl_pages_stored", "Pages of the job in the page store.", ["job_id"]);
  const relevant = gauge("focuscrawl_pages_relevant", "Stored pages of the job over its relevance threshold (can fall when a changed topic re-scores them).", ["job_id"]);
  for (const j of s.jobs) {
    info.set({ ...job(j.id), name: j.name, strategy: j.strategy, status: j.status }, 1);
    fetched.inc(job(j.id), j.fetched);
    failed.inc(job(j.id), j.failed);
    links.inc(job(j.id), j.linksFound);
    stored.set(job(j.id), j.stored);
    relevant.set(job(j.id), j.relevant);
  }

  const errors = new Counter({ name: "focuscrawl_fetch_errors_total", help: "Failed URLs of jobs not yet ended, by reason.", labelNames: ["job_id", "reason"], registers });
  for (const e of s.errors) errors.inc({ ...job(e.jobId), reason: e.reason }, e.urls);
  const frontier = gauge("focuscrawl_frontier_urls", "URLs in the frontier of jobs not yet ended, by status.", ["job_id", "status"]);
  for (const f of s.frontier) frontier.set({ ...job(f.jobId), status: f.status }, f.urls);

  const age = gauge("focuscrawl_worker_heartbeat_age_seconds", "Seconds since a running worker's last heartbeat (stale ones included).", ["worker_id", "hostname", "state"]);
  const inFlight = gauge("focuscrawl_worker_in_flight", "URLs a running worker is fetching.", ["worker_id"]);
  const rate = gauge("focuscrawl_worker_pages_per_minute", "Pages a running worker stored in the minute before its last heartbeat.", ["worker_id"]);
  const workers = gauge("focuscrawl_workers", "Running workers by state (live, stale).", ["state"]);
  for (const w of s.workers) {
    age.set({ worker_id: w.workerId, hostname: w.hostname, state: w.state }, w.beatAgeSeconds);
    inFlight.set({ worker_id: w.workerId }, w.inFlight);
    rate.set({ worker_id: w.workerId }, w.pagesPerMinute);
  }
  for (const state of ["live", "stale"] as const) workers.set({ state }, s.workers.filter((w) => w.state === state).length);

  registry.registerMetric(storedHistogram("focuscrawl_fetch_duration_seconds", "Duration of fetches (pages and robots.txt) by all workers.", s.fetch));
  registry.registerMetric(storedHistogram("focuscrawl_claim_duration_seconds", "Duration of frontier claims by all workers.", s.claim));
  return registry.metrics();
}
