/** The scheduler in the dashboard process, started once by instrumentation.ts (any number of dashboards may run it: the claim is SKIP LOCKED). */
import { deploymentAddressPolicy } from "../env";
import { getPrisma } from "../store/infra/prisma";
import { getSql } from "../store/infra/sql";
import { startScheduler } from "./scheduler";

const g = globalThis as unknown as { focuscrawlScheduler?: () => void };

/** Start the scheduler unless this process already runs it. */
export function startDashboardScheduler(): void {
  g.focuscrawlScheduler ??= startScheduler({
    sql: getSql(), prisma: getPrisma(), isRefused: deploymentAddressPolicy(), log: (line) => console.log(`[focuscrawl] ${line}`),
  });
}
