/**
 * E2E: a workflow whose first run stopped at its page budget on a larger site runs again on the
 * unchanged site and stores new pages besides its revisits (the URLs the first run left, the links
 * of its unchanged pages); then the finished run is continued from the job page with a higher
 * budget and stores more pages from the URLs it left. Set E2E_SCREENSHOTS=<dir> to also save the
 * job page's continue control at 1280 and 390 px, in Chinese and English.
 */
import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-rerun" });
test.afterAll(() => sql.end());
const jobOf = async (id: number) => (await sql<{ status: string; reason: string | null; maxPages: number }[]>`
  select status::text, finish_reason as reason, max_pages as "maxPages" from jobs where id = ${id}`)[0];
const pagesOf = async (id: number) => (await sql<{ n: number }[]>`select count(*)::int as n from pages where job_id = ${id}`)[0].n;

test("a re-run of a workflow stopped at its budget stores new pages on the unchanged site, and a finished run continues with a higher budget", async ({ page, request }) => {
  test.setTimeout(600_000);
  const made = await request.post("/api/workflows", { data: { name: "接着发现", keywords: "计算机,软件,网络", seeds: ["http://portal.test/"], maxPages: 8, maxDepth: 3, minDelayMs: 0 } });
  expect(made.status(), await made.text()).toBe(201);
  const workflowId = (await made.json()).workflow.id as number;

  // Run 1 from the workflow page: it stops at its budget with URLs left in its frontier.
  await page.goto(`/workflows/${workflowId}`);
  const runNow = async () => {
    await page.getByTestId("run-now").click();
    await expect(page).toHaveURL(/[?&](started|runError)=/, { timeout: 60_000 });
    await expect(page.getByTestId("run-error")).toHaveCount(0);
  };
  await runNow();
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  const [first] = await sql<{ id: number }[]>`select id from jobs where workflow_id = ${workflowId} order by id`;
  await expect.poll(async () => (await jobOf(first.id)).status, { timeout: 120_000 }).toBe("done");
  expect((await jobOf(first.id)).reason).toBe("max-pages");
  const [{ n: left }] = await sql`select count(*)::int as n from frontier where job_id = ${first.id} and status = 'pending'`;
  expect(left).toBeGreaterThan(0);
  const firstUrls = (await sql<{ url: string }[]>`select url from pages where job_id = ${first.id}`).map((p) => p.url);

  // Run 2 on the unchanged site: its revisits answer 304 for free, and its budget goes to new pages.
  await page.goto(`/workflows/${workflowId}`);
  await runNow();
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  const [second] = await sql<{ id: number }[]>`select id from jobs where workflow_id = ${workflowId} order by id desc limit 1`;
  await expect.poll(async () => (await jobOf(second.id)).status, { timeout: 120_000 }).toBe("done");
  const marks = Object.fromEntries((await sql<{ mark: string; n: number }[]>`
    select mark, count(*)::int as n from pages where job_id = ${second.id} group by mark`).map((r) => [r.mark, r.n]));
  expect(marks.unchanged ?? 0, JSON.stringify(marks)).toBeGreaterThan(0);
  expect(marks.new ?? 0, JSON.stringify(marks)).toBeGreaterThan(0);
  const [{ n: fresh }] = await sql`select count(*)::int as n from pages where job_id = ${second.id} and url <> all(${firstUrls}::text[])`;
  expect(fresh, "pages at URLs the first run never stored").toBeGreaterThan(0);
  await page.reload();
  await expect(page.locator(`[data-run="${second.id}"] [data-col=new]`)).toHaveText(String(marks.new));

  // Both runs captured the portal: its replay in run 2 lists both captures, and run 1's opens from there.
  await page.goto(`/jobs/${second.id}/replay?url=${encodeURIComponent("http://portal.test/")}`);
  const timeline = page.getByTestId("replay-timeline");
  await expect(timeline.locator("li")).toHaveCount(2);
  await expect(timeline.locator('[aria-current="true"]')).toContainText("第 2 次运行");
  await shoot(page, "replay-timeline", { prepare: () => expect(page.getByTestId("replay-timeline")).toBeVisible() });
  await timeline.getByRole("link", { name: /第 1 次运行/ }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${first.id}/replay\\?`));
  await expect(page.getByTestId("replay-frame")).toBeVisible();

  // Continue run 2 from its job page: a budget not above its spent pages is refused, in Chinese.
  const before = await pagesOf(second.id);
  const spent = (await sql`select pages_reserved as n from jobs where id = ${second.id}`)[0].n as number;
  await page.goto(`/jobs/${second.id}`);
  const control = page.getByTestId("continue-job");
  await expect(control).toBeVisible({ timeout: 30_000 });
  await shoot(page, "job-continue", { prepare: async () => { await control.scrollIntoViewIfNeeded(); } });
  await control.getByTestId("continue-max-pages").fill(String(spent));
  // The browser's own min check would stop the form: the server's refusal is what is checked here.
  await control.getByTestId("continue-max-pages").evaluate((el) => el.removeAttribute("min"));
  await control.getByTestId("continue-submit").click();
  await expect(control.getByTestId("continue-error")).toContainText(`须大于任务 ${second.id} 已用掉的 ${spent} 页`, { timeout: 30_000 });
  expect((await jobOf(second.id)).status).toBe("done");
  await control.getByTestId("continue-max-pages").fill(String(spent + 6));
  await control.getByTestId("continue-submit").click();
  await expect.poll(async () => (await jobOf(second.id)).maxPages, { timeout: 30_000 }).toBe(spent + 6);
  await expect.poll(async () => (await jobOf(second.id)).status, { timeout: 120_000 }).toBe("done");
  expect(await pagesOf(second.id)).toBeGreaterThan(before);
  await page.reload();
  await expect(page.getByTestId("event-continued")).toBeVisible({ timeout: 30_000 });

  // Over the API too; a running job or an empty frontier is refused with why.
  const again = await request.post(`/api/jobs/${second.id}/continue`, { data: { maxPages: 1 } });
  expect(again.status()).toBe(400);
  expect((await again.json()).error).toMatch(/maxPages must be above/);
});
