/**
 * E2E: a workflow made from a finished job (which becomes its run 1), scheduled every minute, runs twice by itself while
 * its page is open; the test web edits a page between the runs and the second run reports it
 * changed and the others unchanged (304s, which cost no page of the budget), and its results filter
 * by those marks and by "new or changed since run N"; two runs are compared; deleting the workflow removes its runs' pages and export files
 * and nothing else; a webhook receiver on loopback gets one signed delivery per run; archiving hides
 * the workflow and a run from the lists until "show archived". Set E2E_SCREENSHOTS=<dir> to also save screenshots at 1280 and 390 px, in Chinese and English.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { exportFilePath } from "../lib/export/export-run";
import { shoot } from "./screenshots";
import { startWebhookReceiver } from "./webhook-receiver";
import { SIGNATURE_HEADER, verifySignature } from "../lib/webhooks/signature";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-workflow" });
test.afterAll(() => sql.end());
const testweb = `http://127.0.0.1:${process.env.E2E_TESTWEB_PORT ?? 8701}`;
const WEBHOOK_SECRET = "e2e-webhook-secret-0123456789";
const statusOf = async (jobId: number) => (await sql`select status::text from jobs where id = ${jobId}`)[0]?.status as string | undefined;

test("a workflow from a finished job runs every minute by itself, reports the page the web changed, and is deleted with its runs alone", async ({ page, request }) => {
  test.setTimeout(720_000);
  const created = await request.post("/api/jobs", { data: { name: "计算机每周", keywords: "计算机,软件,网络", seeds: ["http://portal.test/"], maxPages: 12, maxDepth: 2, minDelayMs: 0 } });
  expect(created.status(), await created.text()).toBe(201);
  const sourceId = (await created.json()).job.id as number;
  await expect.poll(() => statusOf(sourceId), { timeout: 120_000 }).toBe("done");
  const [{ n: sourcePages }] = await sql`select count(*)::int as n from pages where job_id = ${sourceId}`;

  // Its request log: every fetch, filterable by site, status class and outcome.
  // The worker writes its request log in batches (at least once a second), so the last ones may follow the job's end.
  const loggedCount = async () => (await sql`select count(*)::int as n from request_log where job_id = ${sourceId}`)[0].n as number;
  await expect.poll(loggedCount, { timeout: 30_000 }).toBeGreaterThanOrEqual(sourcePages);
  const [{ n: fetched }] = await sql`select count(*)::int as n from frontier where job_id = ${sourceId} and status in ('done', 'failed', 'skipped')`;
  expect(fetched).toBeGreaterThan(0);
  await page.goto(`/jobs/${sourceId}`);
  const requests = page.getByTestId("request-log");
  await expect(requests.getByTestId("request-row").first()).toBeVisible();
  await expect(requests.locator("[data-outcome=robots]").first()).toBeVisible();
  await requests.getByTestId("request-outcome").selectOption("stored");
  await expect(requests.locator("[data-testid=request-row]:not([data-outcome=stored])")).toHaveCount(0);
  await expect(requests.getByTestId("request-row").first()).toHaveAttribute("data-status", "200");
  await requests.getByTestId("request-status").selectOption("5xx");
  await expect(requests.getByTestId("request-empty")).toBeVisible();
  await shoot(page, "job-request-log", { prepare: async () => {
    await expect(requests.getByTestId("request-row").first()).toBeVisible();
    await requests.scrollIntoViewIfNeeded();
  } });

  // Save the finished job as a workflow from its page.
  await page.goto(`/jobs/${sourceId}`);
  await page.getByTestId("save-workflow").click();
  await expect(page).toHaveURL(/\/workflows\/\d+$/);
  const workflowId = Number(/\/workflows\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId("workflow-name")).toContainText("计算机每周");
  // The job it was made from is its run 1.
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await expect(page.locator(`[data-run="${sourceId}"]`)).toBeVisible();

  // A webhook to a receiver on loopback (the e2e dashboard allows private networks, as for crawling).
  // A bad secret is named in Chinese and nothing is saved; the secret saved is never shown back.
  const receiver = await startWebhookReceiver();
  const hooks = page.getByTestId("webhooks-panel");
  await hooks.locator("input[name=url]").fill(receiver.url);
  await hooks.locator("input[name=secret]").fill("short");
  await hooks.getByTestId("webhook-add").click();
  await expect(hooks.getByTestId("error-secret")).toContainText("密钥须为 16 到 256 个字符");
  expect((await sql`select count(*)::int as n from webhooks where workflow_id = ${workflowId}`)[0].n).toBe(0);
  await hooks.locator("input[name=url]").fill(receiver.url);
  await hooks.locator("input[name=secret]").fill(WEBHOOK_SECRET);
  await hooks.getByTestId("webhook-add").click();
  await expect(hooks.getByTestId("webhook-row")).toHaveCount(1);
  expect(await page.content()).not.toContain(WEBHOOK_SECRET);
  // The test button: one signed delivery now, logged with the receiver's 200.
  await hooks.getByTestId("webhook-test").click();
  await expect.poll(() => receiver.got.length, { timeout: 30_000 }).toBe(1);
  expect(receiver.got[0].body.event).toBe("webhook.test");
  expect(verifySignature(WEBHOOK_SECRET, String(receiver.got[0].headers[SIGNATURE_HEADER.toLowerCase()]), receiver.got[0].raw)).toBe(true);
  await expect(hooks.locator("[data-testid=delivery-row][data-event='webhook.test'][data-status='200']")).toBeVisible();

  // A single job can have its own endpoint too: the source job's page sends its test delivery.
  await page.goto(`/jobs/${sourceId}`);
  const jobHooks = page.getByTestId("webhooks-panel");
  await jobHooks.locator("input[name=url]").fill(receiver.url);
  await jobHooks.locator("input[name=secret]").fill(WEBHOOK_SECRET);
  await jobHooks.getByTestId("webhook-add").click();
  await expect(jobHooks.getByTestId("webhook-row")).toHaveCount(1);
  await jobHooks.getByTestId("webhook-test").click();
  await expect.poll(() => receiver.got.filter((r) => r.body.run?.id === sourceId).length, { timeout: 30_000 }).toBe(1);
  await expect(jobHooks.locator("[data-testid=delivery-row][data-event='webhook.test'][data-status='200']")).toBeVisible();
  await shoot(page, "job-webhooks", { prepare: async () => {
    await expect(page.getByTestId("webhooks-panel").getByTestId("delivery-row")).toHaveCount(1);
    await page.getByTestId("webhooks-panel").scrollIntoViewIfNeeded();
  } });
  await page.goto(`/workflows/${workflowId}`);

  // A bad cron line is named in the preview and refused on save, in Chinese.
  await page.locator("input[name=schedule]").fill("61 * * *");
  await expect(page.getByTestId("schedule-preview-error")).toContainText("5 段");
  await page.getByTestId("schedule-save").click();
  await expect(page.getByTestId("error-schedule")).toContainText("请写 5 段");
  expect((await sql`select schedule from workflows where id = ${workflowId}`)[0].schedule).toBeNull();
  // Five fields, one out of range: the field and its values are named in Chinese, no English of the cron library in it.
  await page.locator("input[name=schedule]").fill("61 * * * *");
  await expect(page.getByTestId("schedule-preview-error")).toContainText("分钟段“61”无效：可写 0–59");
  await expect(page.getByTestId("schedule-preview-error")).not.toContainText("Constraint");
  await shoot(page, "workflow-schedule-error", { prepare: async () => {
    await page.locator("input[name=schedule]").fill("61 * * * *");
    await expect(page.getByTestId("schedule-preview-error")).toBeVisible();
  } });

  // Every minute, previewed in words with its time zone, then saved.
  await page.getByTestId("preset-*_*_*_*_*").click();
  await expect(page.getByTestId("schedule-words")).toHaveText("每分钟");
  await expect(page.getByTestId("schedule-preview")).toContainText("(UTC)");
  await page.getByTestId("schedule-save").click();
  await expect(page.getByTestId("schedule-current")).toContainText("* * * * *");
  await expect(page.getByTestId("schedule-next")).toBeVisible();
  await shoot(page, "workflow-schedule", { fullPage: true, prepare: async () => { await expect(page.getByTestId("schedule-panel")).toBeVisible(); } });

  // The first scheduled run starts by itself; once it is done the test web edits one of its pages.
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(2, { timeout: 120_000 });
  const [first] = await sql<{ id: number }[]>`select id from jobs where workflow_id = ${workflowId} and id <> ${sourceId} order by id`;
  await expect.poll(() => statusOf(first.id), { timeout: 120_000 }).toBe("done");
  const [edited] = await sql<{ url: string }[]>`select url from pages where job_id = ${first.id} and depth = 1 order by id limit 1`;
  const u = new URL(edited.url);
  const edit = await request.post(`${testweb}/__testweb/edit?host=${u.hostname}&path=${encodeURIComponent(u.pathname)}`);
  expect(edit.status()).toBe(200);
  // An export file of the first run, which deleting the workflow must remove.
  const started = await request.post(`/api/jobs/${first.id}/exports`, { data: { format: "csv" } });
  expect(started.status(), await started.text()).toBe(201);
  const exportId = (await started.json()).export.id as number;
  await expect.poll(async () => (await sql`select status::text from exports where id = ${exportId}`)[0].status, { timeout: 60_000 }).toBe("done");
  const file = exportFilePath(process.env.E2E_DATA_DIR ?? "", exportId, "csv");
  expect(fs.existsSync(file)).toBe(true);

  // The second run starts a minute later, without a click: the history fills in by itself.
  await expect(rows).toHaveCount(3, { timeout: 150_000 });
  const [second] = await sql<{ id: number }[]>`select id from jobs where workflow_id = ${workflowId} order by id desc limit 1`;
  await expect.poll(() => statusOf(second.id), { timeout: 120_000 }).toBe("done");
  // Stop the schedule so that no third run starts while the rest is checked.
  await sql`update workflows set schedule = null, next_run_at = null where id = ${workflowId}`;
  await page.reload();
  const newest = page.locator(`[data-run="${second.id}"]`);
  // The second run revisited the first run's pages with their ETags: the edited page came back
  // changed, the others answered 304 and were kept unchanged without spending the page budget.
  const marks = async () => Object.fromEntries((await sql<{ mark: string; n: number }[]>`
    select mark, count(*)::int as n from pages where job_id = ${second.id} group by mark`).map((r) => [r.mark, r.n]));
  const byMark = await marks();
  expect(byMark.changed).toBe(1);
  expect(byMark.unchanged).toBeGreaterThan(0);
  await expect(newest.locator("[data-col=changed]")).toHaveText("1");
  await expect(newest.locator("[data-col=unchanged]")).toHaveText(String(byMark.unchanged));
  const [changed] = await sql`select p.mark, p.checksum <> q.checksum as differs from pages p join pages q on q.url = p.url and q.job_id = ${first.id}
    where p.job_id = ${second.id} and p.url = ${edited.url}`;
  expect(changed).toEqual({ mark: "changed", differs: true });
  await expect.poll(async () => (await sql`select count(*)::int as n from request_log where job_id = ${second.id} and status = 304`)[0].n as number,
    { timeout: 30_000 }).toBe(byMark.unchanged);
  const [budget] = await sql`select pages_fetched as fetched, max_pages as max from jobs where id = ${second.id}`;
  expect(budget.fetched).toBeLessThanOrEqual(budget.max);
  expect((await sql`select count(*)::int as n from pages where job_id = ${second.id}`)[0].n).toBe(budget.fetched + byMark.unchanged);
  await shoot(page, "workflow-history", { fullPage: true, prepare: async () => { await expect(page.getByTestId("run-history")).toBeVisible(); } });

  // Each run's end reached the receiver once, signed with the secret over the exact body.
  const finishedFor = (runId: number) => receiver.got.filter((r) => r.body.event === "run.finished" && r.body.run?.id === runId);
  await expect.poll(() => [finishedFor(first.id).length, finishedFor(second.id).length], { timeout: 60_000 }).toEqual([1, 1]);
  for (const r of [...finishedFor(first.id), ...finishedFor(second.id)]) {
    expect(verifySignature(WEBHOOK_SECRET, String(r.headers[SIGNATURE_HEADER.toLowerCase()]), r.raw)).toBe(true);
    expect(r.headers["focuscrawl-delivery"]).toBe(r.body.id);
  }
  await page.reload();
  await expect(page.locator("[data-testid=delivery-row][data-event='run.finished'][data-status='200']")).toHaveCount(2);
  // A receiver that refuses: the log shows its answer and when the next attempt is.
  receiver.state.failing = true;
  await page.getByTestId("webhook-test").click();
  const refused = page.locator("[data-testid=delivery-row][data-event='webhook.test'][data-status='503']").first();
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveAttribute("data-state", "pending");
  await expect(refused).toContainText("receiver down for maintenance");
  await shoot(page, "workflow-webhooks", { prepare: async () => {
    await expect(refused).toBeVisible();
    await page.getByTestId("webhooks-panel").scrollIntoViewIfNeeded();
  } });
  await receiver.close();

  // The second run's results filter by mark; a bad "since" run is named, in Chinese.
  await page.goto(`/jobs/${second.id}/results`);
  const filters = page.getByTestId("results-filters");
  await filters.getByTestId("results-mark").selectOption("changed");
  await filters.getByRole("button", { name: /^(应用|Apply)$/ }).click();
  await expect(page).toHaveURL(/mark=changed/);
  await expect(page.locator("[data-testid=result-mark]")).toHaveCount(1);
  await expect(page.locator("[data-testid=result-mark]")).toHaveAttribute("data-mark", "changed");
  await page.goto(`/jobs/${second.id}/results?mark=unchanged&dup=show`);
  await expect(page.getByTestId("results-count")).toContainText(String(byMark.unchanged));
  await page.goto(`/jobs/${second.id}/results?since=${second.id}`);
  await expect(page.getByTestId("results-error")).toContainText(`since=${second.id} 不可用`);
  await expect(page.getByTestId("results-error")).toContainText(String(first.id));
  await page.goto(`/jobs/${second.id}/results?since=${first.id}&dup=show`);
  await expect(page.getByTestId("results-since-hint")).toBeVisible();
  await expect(page.locator("[data-testid=result-mark][data-mark=unchanged]")).toHaveCount(0);
  await expect(page.locator("[data-testid=result-mark][data-mark=changed]")).toHaveCount(1);
  const exported = await request.get(`/api/jobs/${second.id}/export?format=csv&since=${first.id}`);
  expect(exported.status()).toBe(200);
  expect((await exported.text()).split("\n")[0]).toContain("mark");
  expect((await request.get(`/api/jobs/${second.id}/export?format=csv&since=${second.id}`)).status()).toBe(400);
  await page.goto(`/jobs/${second.id}/results?mark=changed`);
  await shoot(page, "workflow-results-marks", { fullPage: true, prepare: async () => { await expect(page.getByTestId("result-mark")).toHaveCount(1); } });
  const changedPage = await page.getByTestId("result-row").first().getAttribute("data-page-id");
  await page.goto(`/jobs/${second.id}/pages/${changedPage}`);
  await expect(page.getByTestId("page-mark")).toHaveAttribute("data-mark", "changed");
  await expect(page.getByTestId("page-revisit-of")).toContainText(`#${first.id}`);
  await shoot(page, "workflow-page-mark", { prepare: async () => { await expect(page.getByTestId("page-mark")).toBeVisible(); } });

  await page.goto(`/workflows/${workflowId}`);

  // The comparison's address without runs offers the picker (it only refused before).
  await page.goto(`/workflows/${workflowId}/compare`);
  await expect(page.getByTestId("compare-runs")).toBeVisible();
  await shoot(page, "workflow-compare-pick", { prepare: async () => { await expect(page.getByTestId("compare-runs")).toBeVisible(); } });

  // Two runs compared on the comparison's chart, with the page counts by what happened to them.
  await page.getByTestId("compare-runs").getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}/compare\\?a=${first.id}&b=${second.id}`));
  await expect(page.locator("[data-diff=changed]")).not.toHaveText("0");
  // "消失" is the history's word for a revisit answered 404/410; pages only in run A are named otherwise.
  await expect(page.getByTestId("run-diff")).toContainText("只在 A 中（B 里没有）");
  await expect(page.getByTestId("run-diff")).not.toContainText("消失");
  await expect(page.getByTestId("compare-chart")).toBeVisible();
  await shoot(page, "workflow-compare", { fullPage: true });

  // Edit: a bad page budget is named and nothing is saved; a good edit is version 2.
  await page.goto(`/workflows/${workflowId}/edit`);
  await expect(page.getByTestId("form-note")).toBeVisible();
  const submitBad = async () => {
    await page.locator("input[name=maxPages]").fill("0");
    await page.getByRole("button", { name: /^(保存为新版本|Save as a new version)$/ }).click();
    await expect(page.getByTestId("error-maxPages")).toBeVisible();
  };
  await submitBad();
  expect((await sql`select version from workflows where id = ${workflowId}`)[0].version).toBe(1);
  await shoot(page, "workflow-edit-error", { fullPage: true, prepare: submitBad });
  await page.locator("input[name=maxPages]").fill("10");
  await page.getByRole("button", { name: /^(保存为新版本|Save as a new version)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}$`));
  expect((await sql`select version, (spec->>'maxPages')::int as max from workflows where id = ${workflowId}`)[0]).toEqual({ version: 2, max: 10 });
  await page.goto("/workflows/new");
  await shoot(page, "workflow-new");

  await page.goto("/workflows");
  await expect(page.getByTestId("workflows")).toContainText("计算机每周");
  await shoot(page, "workflows-list");

  // Archive: the workflow leaves the list until "show archived"; unarchived, it is back. A run archived on
  // the history leaves it and the jobs list alike, until their "show archived".
  await page.goto(`/workflows/${workflowId}`);
  await page.getByTestId("archive-workflow").click();
  await expect(page.getByTestId("archive-notice")).toBeVisible();
  await page.goto("/workflows");
  const listed = page.locator(`a[href="/workflows/${workflowId}"]`);
  await expect(listed).toHaveCount(0);
  // With every workflow archived, the list says so and how to show them, not "no workflows yet".
  if ((await sql`select count(*)::int as n from workflows where archived_at is null`)[0].n === 0) {
    await expect(page.getByTestId("workflows-empty")).toContainText("都已归档");
    await expect(page.getByTestId("workflows-empty")).not.toContainText("还没有工作流");
    await shoot(page, "workflows-all-archived", { prepare: async () => { await expect(page.getByTestId("workflows-empty")).toBeVisible(); } });
  }
  await page.getByTestId("workflows-archived-filter").click();
  await expect(listed).toBeVisible();
  await expect(page.getByTestId("workflow-archived")).toBeVisible();
  await shoot(page, "workflows-archived", { prepare: async () => { await expect(listed).toBeVisible(); } });
  await page.goto(`/workflows/${workflowId}`);
  await page.getByTestId("unarchive-workflow").click();
  await expect(page.getByTestId("archive-workflow")).toBeVisible();
  await page.locator(`[data-run="${first.id}"]`).getByTestId("archive-job").click();
  await expect(page.locator(`[data-run="${first.id}"]`)).toHaveCount(0);
  await page.getByTestId("runs-archived-filter").click();
  await expect(page.locator(`[data-run="${first.id}"]`).getByTestId("run-archived")).toBeVisible();
  await page.goto(`/jobs/${first.id}`);
  await expect(page.getByTestId("job-archived")).toBeVisible();
  await shoot(page, "job-archived", { prepare: async () => { await expect(page.getByTestId("unarchive-job")).toBeVisible(); } });
  await page.goto("/");
  const firstListed = page.locator(`a[href="/jobs/${first.id}"]`);
  await expect(page.locator(`a[href="/jobs/${second.id}"]`)).toBeVisible();
  await expect(firstListed).toHaveCount(0);
  await page.getByTestId("jobs-archived-filter").click();
  await expect(firstListed).toBeVisible();
  await shoot(page, "jobs-archived", { prepare: async () => { await expect(firstListed).toBeVisible(); } });

  // Delete after confirming: its runs' rows and the export file go; the source job (run 1) stays, with its pages, detached.
  await page.goto(`/workflows/${workflowId}`);
  // The question counts every run it deletes, the archived one too.
  const [{ total: runsToDelete }] = await sql`select count(*)::int as total from jobs where workflow_id = ${workflowId}`;
  let question = "";
  page.once("dialog", (d) => { question = d.message(); void d.accept(); });
  await page.getByTestId("delete-workflow").click();
  await expect.poll(() => question).toContain(`全部 ${runsToDelete} 次运行`);
  expect(question).toContain("其中 1 次已归档");
  await expect(page.getByTestId("workflow-deleted")).toBeVisible();
  expect((await sql`select count(*)::int as n from jobs where id in ${sql([first.id, second.id])}`)[0].n).toBe(0);
  expect((await sql`select count(*)::int as n from pages where job_id in ${sql([first.id, second.id])}`)[0].n).toBe(0);
  expect(fs.existsSync(file)).toBe(false);
  expect((await sql`select count(*)::int as n from pages where job_id = ${sourceId}`)[0].n).toBe(sourcePages);
  expect((await sql`select workflow_id from jobs where id = ${sourceId}`)[0].workflow_id).toBeNull();
});
