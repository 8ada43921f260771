import { getSql } from "@/lib/store/infra/sql";
import { listLiveWorkers } from "@/lib/store/workers";
import { loadEnv } from "@/lib/env";
import { json } from "@/app/json";

export const dynamic = "force-dynamic";

/**
 * Liveness, answered without credentials (the start script and load balancers poll it), saying
 * which part is down and nothing else: {"ok":true,"workers":N} with N the workers heartbeating
 * now (0 means jobs make no progress: start one with `npm run worker`), or 503
 * {"ok":false,"down":"database"} while the database cannot be reached (npm start restarts an
 * embedded one by itself).
 */
export async function GET() {
  try {
    const workers = await listLiveWorkers(getSql(), loadEnv().WORKER_STALE_AFTER_MS);
    return json({ ok: true, workers: workers.length });
  } catch {
    return json({ ok: false, down: "database" }, { status: 503 });
  }
}
