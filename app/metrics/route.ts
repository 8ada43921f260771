import { loadEnv } from "@/lib/env";
import { getSql } from "@/lib/store/infra/sql";
import { readMetricsSnapshot } from "@/lib/store/metrics";
import { METRICS_CONTENT_TYPE, renderMetrics } from "./exposition";

export const dynamic = "force-dynamic";

/** Prometheus metrics, computed from the database at each scrape (the dashboard's password guards it like every path). */
export async function GET() {
  const snapshot = await readMetricsSnapshot(getSql(), loadEnv().WORKER_STALE_AFTER_MS);
  return new Response(await renderMetrics(snapshot), { headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" } });
}
