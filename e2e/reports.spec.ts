import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-reports" });
test.afterAll(() => sql.end());

/** A number as the page shows it ("1,234" → 1234). */
const numberIn = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ""));

test("the reports panel's totals equal the job's counters, a failed seed is listed with why, and a report downloads as CSV", async ({ page, request }) => {
  const r = await request.post("/api/jobs", { data: {
    keywords: "计算机,软件,网络,数据库,算法", strategy: "bfs", maxPages: 40, minDelayMs: 0,
    seeds: ["http://portal.test/", "http://hist-1.test/no-such-page-1"],
  } });
  expect(r.status()).toBe(201);
  const jobId = (await r.json()).job.id as number;
  await expect.poll(async () => (await sql`select status::text from jobs where id = ${jobId}`)[0].status, { timeout: 120_000 })
    .toMatch(/^(done|stopped|failed)$/);
  const [job] = await sql`select pages_fetched as fetched, pages_relevant as relevant, pages_failed as failed from jobs where id = ${jobId}`;
  expect(job.fetched).toBeGreaterThan(0);
  expect(job.failed).toBeGreaterThan(0); // the seed that answers 404

  await page.goto(`/jobs/${jobId}`);
  const panel = page.getByTestId("reports-panel");
  await expect(panel).toBeVisible();
  const counters = { fetched: await numberIn(page, "count-fetched"), relevant: await numberIn(page, "count-relevant"), failed: await numberIn(page, "count-failed") };
  expect(counters).toEqual({ fetched: job.fetched, relevant: job.relevant, failed: job.failed });
  const totals: [string, (keyof typeof counters)[]][] = [
    ["seeds", ["fetched", "relevant", "failed"]], ["hosts", ["fetched", "relevant", "failed"]], ["mime-types", ["fetched", "relevant"]],
    ["status-codes", ["fetched", "failed"]], ["depths", ["fetched", "relevant", "failed"]],
  ];
  for (const [kind, columns] of totals) {
    for (const c of columns) expect(await numberIn(page, `report-${kind}-total-${c}`), `${kind} ${c}`).toBe(counters[c]);
  }
  const seeds = page.getByTestId("report-seeds");
  await expect(seeds).toContainText("no-such-page-1");
  await expect(seeds).toContainText("HTTP 404");
  await expect(page.getByTestId("report-status-codes")).toContainText("404");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-hosts-csv").click()]);
  expect(download.suggestedFilename()).toBe(`focuscrawl-job-${jobId}-hosts.csv`);
  const rows = parse(fs.readFileSync(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((row) => row.host)).toContain("portal.test");
  expect(rows.reduce((n, row) => n + Number(row.fetched), 0)).toBe(counters.fetched);
  expect(rows.reduce((n, row) => n + Number(row.failed), 0)).toBe(counters.failed);
  expect((await request.get(`/api/jobs/${jobId}/reports/nothing.csv`)).status()).toBe(404);

  await shoot(page, "reports", { prepare: async () => { await page.getByTestId("reports-panel").scrollIntoViewIfNeeded(); } });
});
