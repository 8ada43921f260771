/**
 * Runs once when the dashboard's server starts (Next.js instrumentation): export files whose
 * process is gone are taken up again (lib/export/dashboard-exports.ts), and workflows' scheduled
 * runs start (lib/schedule/: a time missed while the dashboard was down runs once now), and
 * webhook deliveries are sent (lib/webhooks/: those queued while it was down go out now). Not while
 * building, and not without a database (the build and tools that load the app without one).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build" || !process.env.DATABASE_URL) return;
  const { startExportSweeper } = await import("./lib/export/dashboard-exports");
  startExportSweeper();
  const { startDashboardScheduler } = await import("./lib/schedule/dashboard-scheduler");
  startDashboardScheduler();
  const { startWebhookSender } = await import("./lib/webhooks/dashboard-webhooks");
  startWebhookSender();
}
