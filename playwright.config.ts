/**
 * E2E: the real app (scripts/start.ts, so the real worker too) on a test database, the test
 * web on loopback, and Debian's Chromium. `npm test` provides the ports and the database.
 */
import { defineConfig } from "@playwright/test";

const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const testwebPort = Number(process.env.E2E_TESTWEB_PORT ?? 8701);
const searchPort = Number(process.env.E2E_SEARCH_PORT ?? 8702);

export default defineConfig({
  testDir: "e2e",
  // A test's whole time: several crawl a few hundred pages or run the CLI a few times, which on a
  // busy 2-core machine (two CI runs side by side) took past 2 minutes; the steps keep their own limits.
  timeout: 300_000,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    locale: "zh-CN",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    {
      command: `node --import tsx lib/cli/run.ts testweb --port ${testwebPort} --pages 3000 --seed 5`,
      port: testwebPort,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      // A local server that answers like SearXNG (lib/testing/searxng-stub.ts): the dashboard's search providers.
      command: `node --import tsx scripts/searxng-stub.ts --port ${searchPort}`,
      port: searchPort,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: "node --import tsx scripts/start.ts",
      url: `http://127.0.0.1:${appPort}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 25_000 },
      env: {
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        // Export files go to the run's own directory (scripts/run-tests.ts makes and removes it).
        ...(process.env.E2E_DATA_DIR ? { FOCUSCRAWL_DATA_DIR: process.env.E2E_DATA_DIR } : {}),
        PORT: String(appPort),
        HOST: "127.0.0.1",
        ALLOW_PRIVATE_NETWORKS: "1",
        CRAWL_RESOLVE: `*=127.0.0.1:${testwebPort}`,
        // Two providers on the stub: one answers, one fails with HTTP 500.
        SEARCH_PROVIDERS: `stub=http://127.0.0.1:${searchPort}/ok/search,broken=http://127.0.0.1:${searchPort}/fail/search`,
        SEARCH_MIN_INTERVAL_MS: "100",
        // Few fetches at a time, so that the browser sees the counts rise.
        WORKER_CONCURRENCY: "2",
        // Maintenance (re-scoring, a topic learning after 100 pages) every second, so that it
        // happens well inside a 500-page crawl.
        WORKER_HEARTBEAT_MS: "1000",
      },
    },
  ],
});
