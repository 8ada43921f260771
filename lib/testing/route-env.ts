/** For tests that send requests through the dashboard's routes in-process (app/api/test-dispatch.ts). */
import { after } from "node:test";
import { closeExportSql } from "../export/dashboard-exports";
import { stopJobChanges } from "../store/infra/listen";
import { getPrisma } from "../store/infra/prisma";
import { getSql } from "../store/infra/sql";

/**
 * A loopback dashboard without a password (HOST 127.0.0.1:3000, 1 MB JSON bodies, plus `env`),
 * and, after the file's tests, the process-wide clients the routes opened closed, so that the
 * test process can exit.
 */
export function useRouteEnv(env: Record<string, string> = {}): void {
  Object.assign(process.env, { HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "", MAX_JSON_BODY_BYTES: String(1024 * 1024), ...env });
  delete process.env.ADMIN_PASSWORD;
  after(async () => {
    await stopJobChanges();
    await closeExportSql();
    await getSql().end({ timeout: 1 });
    await getPrisma().$disconnect();
  });
}
