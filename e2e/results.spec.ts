/**
 * E2E: the results of a real crawl of the test web — filter, search, judge with the keyboard,
 * export (CSV, JSON Lines, WARC read back with warcio), export files with their progress, and
 * the page view's snapshot.
 * Set E2E_SCREENSHOTS=<dir> to also save screenshots of the results page and the page view.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { WARCParser } from "warcio";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";
import { readJudgeQueue } from "../lib/store/judge-queue";
import { MAX_PER_HOST } from "../lib/results/judge-batch";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-results" });
test.afterAll(() => sql.end());
test.describe.configure({ mode: "serial" });

let jobId = 0;

/** A finished crawl of the agriculture sites (about 150 pages, no politeness delay on loopback). */
test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  const res = await request.post("/api/jobs", { data: {
    name: "农业结果", keywords: "农业,作物,水稻,小麦,玉米,种植", seeds: ["http://agri-1.test/", "http://agri-2.test/"], maxPages: 150, minDelayMs: 0,
  } });
  expect(res.status()).toBe(201);
  jobId = (await res.json()).job.id;
  await expect.poll(async () => (await sql`select status::text from jobs where id = ${jobId}`)[0].status, { timeout: 280_000, intervals: [1000] }).toBe("done");
});

/** Pages of the job the filter let through, of one host or all. */
const countRelevant = async (host: string | null = null) =>
  (await sql`select count(*)::int as n from pages where job_id = ${jobId} and is_relevant and (${host}::text is null or host = ${host})`)[0].n as number;

/** The page's screenshots, once its snapshot (when it has one) has loaded. */
const shootPage = (page: Page, name: string) => shoot(page, name, { prepare: async () => {
  if (await page.getByTestId("page-snapshot").count()) await expect(page.frameLocator("[data-testid=page-snapshot]").locator("h1").first()).toBeVisible();
} });

test("filter to the relevant pages of one host, then search a Chinese word and see it highlighted", async ({ page }) => {
  await page.goto(`/jobs/${jobId}`);
  await page.getByTestId("results-link").click();
  await page.waitForURL(new RegExp(`/jobs/${jobId}/results$`));
  const [top] = await sql`select host from pages where job_id = ${jobId} and is_relevant group by host order by count(*) desc limit 1`;
  const filters = page.getByTestId("results-filters");
  await filters.locator("select[name=view]").selectOption("relevant");
  await filters.locator("select[name=host]").selectOption(top.host);
  await filters.getByRole("button").click();
  await page.waitForURL(/view=relevant/);
  expect(page.url()).toContain(`host=${top.host}`);
  const relevantOfHost = await countRelevant(top.host);
  expect(relevantOfHost).toBeGreaterThan(0);
  await expect(page.getByTestId("results-count")).toContainText(String(relevantOfHost));
  const rows = page.getByTestId("result-row");
  await expect(rows).toHaveCount(Math.min(50, relevantOfHost));
  for (const text of await rows.allInnerTexts()) expect(text).toContain(top.host);

  await filters.locator("input[name=q]").fill("玉米");
  await filters.getByRole("button").click();
  await page.waitForURL(/q=/);
  const marks = page.getByTestId("result-snippet").locator("mark");
  await expect(marks.first()).toHaveText("玉米");
  const matching = (await sql`select count(*)::int as n from pages where job_id = ${jobId} and is_relevant and host = ${top.host}
    and search_vector @@ plainto_tsquery('simple', '玉米')`)[0].n;
  expect(matching).toBeGreaterThan(0);
  await expect(page.getByTestId("results-count")).toContainText(String(matching));
  await shootPage(page, "results");
});

test("judge three pages with the keyboard; the precision estimate follows", async ({ page }) => {
  await page.goto(`/jobs/${jobId}/results?sort=fetched`);
  const rows = page.getByTestId("result-row");
  await expect(rows.first()).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("results-list")).toHaveAttribute("data-keys", "ready");
  const ids = await rows.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute("data-page-id")!));
  await page.keyboard.press("r");
  await expect(rows.nth(0)).toHaveAttribute("data-judgement", "relevant");
  await expect(rows.nth(1)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("i");
  await expect(rows.nth(1)).toHaveAttribute("data-judgement", "irrelevant");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(rows.nth(2)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("r");
  await expect(rows.nth(2)).toHaveAttribute("data-judgement", "relevant");
  const judged = await sql`select id::text, judgement from pages where id = any(${ids}::bigint[])`;
  expect(Object.fromEntries(judged.map((r) => [r.id, r.judgement]))).toEqual({ [ids[0]]: "relevant", [ids[1]]: "irrelevant", [ids[2]]: "relevant" });
  // Tick the current page with x and the next one with its box, then judge both at once.
  // Judging moves the selection on; x must wait for it, or it ticks the page just judged.
  await expect(rows.nth(3)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("x");
  await expect(rows.nth(3).getByRole("checkbox")).toBeChecked();
  const more = await rows.evaluateAll((els) => els.slice(3, 5).map((e) => e.getAttribute("data-page-id")!));
  await rows.nth(4).getByRole("checkbox").check();
  await page.getByTestId("bulk-bar").getByRole("button", { name: "全部判为不相关" }).click();
  await expect(rows.nth(3)).toHaveAttribute("data-judgement", "irrelevant");
  await expect(rows.nth(4)).toHaveAttribute("data-judgement", "irrelevant");
  expect((await sql`select count(*)::int as n from pages where id = any(${more}::bigint[]) and judgement = 'irrelevant'`)[0].n).toBe(2);
  await page.reload();
  await expect(page.getByTestId("results-precision")).toContainText("根据 5 个人工判定页面估计");
  await page.goto(`/jobs/${jobId}/results?view=judged-relevant`);
  await expect(page.getByTestId("result-row")).toHaveCount(2);
});

test("judge these: the batch nearest the threshold, judged with the keyboard and stored, then the next batch", async ({ page }) => {
  await page.goto(`/jobs/${jobId}/results`);
  await page.getByTestId("judge-these").click();
  await page.waitForURL(new RegExp(`/jobs/${jobId}/results/judge$`));
  const rows = page.getByTestId("judge-row");
  await expect(page.getByTestId("judge-list")).toHaveAttribute("data-keys", "ready");
  await expect(page.getByTestId("judge-keys")).toContainText("1 或 Y 判为相关");
  const queue = (await readJudgeQueue(sql, jobId))!;
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-page-id")!));
  expect(ids).toEqual(queue.items.map((p) => p.id));
  expect(ids.length).toBe(5);
  const hosts = await sql<{ host: string; n: number }[]>`select host, count(*)::int as n from pages where id = any(${ids}::bigint[]) group by host`;
  expect(Math.max(...hosts.map((h) => h.n))).toBeLessThanOrEqual(MAX_PER_HOST);

  // 1 judges the first relevant and moves on; ↓ skips one; N judges the third; ↑ goes back; 2, Y and 2 judge the rest.
  await expect(rows.nth(0)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("1");
  await expect(rows.nth(0)).toHaveAttribute("data-judgement", "relevant");
  await expect(rows.nth(1)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("n");
  await expect(rows.nth(2)).toHaveAttribute("data-judgement", "irrelevant");
  await expect(rows.nth(3)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(rows.nth(1)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("2");
  await expect(rows.nth(1)).toHaveAttribute("data-judgement", "irrelevant");
  await expect(rows.nth(3)).toHaveAttribute("data-selected", "true", { timeout: 2000 });
  await page.keyboard.press("y");
  await expect(rows.nth(4)).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("2");
  const expected = { [ids[0]]: "relevant", [ids[1]]: "irrelevant", [ids[2]]: "irrelevant", [ids[3]]: "relevant", [ids[4]]: "irrelevant" };
  await expect.poll(async () => Object.fromEntries((await sql`select id::text, judgement from pages where id = any(${ids}::bigint[])`).map((r) => [r.id, r.judgement])))
    .toEqual(expected);
  await expect(page.getByTestId("judge-done")).toBeVisible();

  // Enter: the next batch, none of the pages just judged.
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-page-id")!))).some((id) => ids.includes(id))).toBe(false);
  await expect(page.getByTestId("judge-counts")).toContainText(/已判定：\d+ 个相关/);
  // Judge the next batch too, then learn from every judgment and go on: the topic is refined (a new revision).
  await expect(page.getByTestId("judge-list")).toHaveAttribute("data-keys", "ready");
  const [before] = await sql`select topic_revision from jobs where id = ${jobId}`;
  for (let i = 0; i < (await rows.count()); i++) {
    await expect(rows.nth(i)).toHaveAttribute("data-selected", "true");
    await page.keyboard.press(i % 2 ? "2" : "1");
  }
  await page.getByTestId("judge-learn-next").click();
  await expect(page.getByTestId("judge-learned")).toBeVisible({ timeout: 60_000 }); // learning segments the judged pages and cross-validates a threshold: seconds on a busy machine
  expect((await sql`select topic_revision from jobs where id = ${jobId}`)[0].topic_revision).toBe(before.topic_revision + 1);
  // The worker re-scores the stored pages with the learned topic; the tests after this one count them.
  await expect.poll(async () => (await sql`select count(*)::int as n from pages p join jobs j on j.id = p.job_id
    where p.job_id = ${jobId} and p.topic_revision < j.topic_revision`)[0].n, { timeout: 60_000 }).toBe(0);
  await shoot(page, "judge-these", { prepare: () => expect(page.getByTestId("judge-list")).toHaveAttribute("data-keys", "ready") });
});

test("export CSV and JSON Lines from the results page: Chinese text and row counts", async ({ page }) => {
  await page.goto(`/jobs/${jobId}/results?view=relevant`);
  const relevant = await countRelevant();
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csv = fs.readFileSync(await csvDownload.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  expect(records.length).toBe(relevant);
  expect(records.every((r) => r.relevant === "yes")).toBe(true);
  expect(records.some((r) => /[\u4e00-\u9fff]/.test(r.title))).toBe(true);

  const [jsonlDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-jsonl").click()]);
  const lines = fs.readFileSync(await jsonlDownload.path(), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
  expect(lines.length).toBe(relevant);
  expect(lines.some((l) => /玉米|水稻|农业/.test(l.main_text))).toBe(true);
});

test("export to a file from the results page: it runs to done and the download holds every relevant page", async ({ page, request }) => {
  await page.goto(`/jobs/${jobId}/results?view=relevant`);
  const relevant = await countRelevant();
  await page.getByTestId("export-file-csv").click();
  const item = page.getByTestId("export-file").first();
  await expect(item).toHaveAttribute("data-status", "done");
  await expect(item.getByTestId("export-file-status")).toHaveText("已完成");
  await expect(item.getByTestId("export-file-pages")).toHaveText(`${relevant} / ${relevant} 页`);
  await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(relevant));
  await expect(item).toContainText("view=relevant");
  const [download] = await Promise.all([page.waitForEvent("download"), item.getByTestId("export-file-download").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^focuscrawl-job-${jobId}-\\d{8}-\\d{6}\\.csv$`));
  const records = parse(fs.readFileSync(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
  expect(records.length).toBe(relevant);
  expect(records.every((r) => r.relevant === "yes")).toBe(true);
  const [row] = await sql`select id, status::text as status, pages_done as "pagesDone", pages_total as "pagesTotal", bytes_written::int as bytes
    from exports where job_id = ${jobId} order by id desc limit 1`;
  expect(row).toMatchObject({ status: "done", pagesDone: relevant, pagesTotal: relevant });
  // The download has its length, and a broken one goes on with a range request.
  const url = `/api/jobs/${jobId}/exports/${row.id}/file`;
  const whole = await request.get(url, { headers: { "accept-encoding": "gzip, deflate, br" } });
  expect(whole.headers()["content-length"]).toBe(String(row.bytes));
  expect(whole.headers()["content-encoding"]).toBeUndefined();
  const rest = await request.get(url, { headers: { range: "bytes=100-", "if-range": whole.headers().etag } });
  expect(rest.status()).toBe(206);
  expect(rest.headers()["content-range"]).toBe(`bytes 100-${row.bytes - 1}/${row.bytes}`);
  expect(Buffer.concat([(await whole.body()).subarray(0, 100), await rest.body()]).equals(await whole.body())).toBe(true);
  expect((await request.get(`/api/jobs/${jobId + 1}/exports/${row.id}/file`)).status()).toBe(404);
});

test("an export file's progress bar follows it while it is written; an interrupted one offers Resume and can be cancelled", async ({ page }) => {
  // A run of another dashboard process, seen through the database: its progress moves, then it stops.
  const [{ id }] = await sql`insert into exports (job_id, format, is_snapshot, file_name, owner, pages_total, pages_done, bytes_written)
    values (${jobId}, 'jsonl', false, 'x.jsonl', 'e2e', 200, 20, 4096) returning id`;
  await page.goto(`/jobs/${jobId}/results`);
  const item = page.locator(`[data-testid=export-file][data-export-id="${id}"]`);
  await expect(item.getByTestId("export-file-pages")).toHaveText("20 / 200 页");
  await expect(item.getByTestId("export-file-status")).toHaveText("正在导出");
  await sql`update exports set pages_done = 150, bytes_written = 3000000, updated_at = now() where id = ${id}`;
  await expect(item.getByTestId("export-file-pages")).toHaveText("150 / 200 页");
  await expect(item.getByTestId("export-file-bytes")).toHaveText("2.9 MB");
  await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "150");
  await sql`update exports set status = 'interrupted', owner = null where id = ${id}`;
  await expect(item).toHaveAttribute("data-status", "interrupted");
  await expect(item.getByRole("button", { name: "续传" })).toBeVisible();
  await item.getByRole("button", { name: "取消" }).click();
  await expect(item).toHaveAttribute("data-status", "cancelled");
  expect((await sql`select status::text as status from exports where id = ${id}`)[0].status).toBe("cancelled");
});

test("export WARC and read it back; bad formats, filters and judgements are refused with what is allowed", async ({ request }) => {
  const res = await request.get(`/api/jobs/${jobId}/export?format=warc&view=relevant`);
  expect(res.status()).toBe(200);
  const bytes = await res.body();
  const types: string[] = [];
  let firstResponse = "";
  for await (const rec of new WARCParser((async function* () { yield new Uint8Array(bytes); })())) {
    types.push(rec.warcType ?? "");
    const text = await rec.contentText();
    if (rec.warcType === "response" && !firstResponse) firstResponse = text;
  }
  const relevant = await countRelevant();
  expect(types[0]).toBe("warcinfo");
  expect(types.filter((t) => t === "metadata").length).toBe(relevant);
  expect(types.filter((t) => t === "response").length).toBe(relevant);
  expect(firstResponse).toMatch(/<html/i);

  const badFormat = await request.get(`/api/jobs/${jobId}/export?format=xlsx`);
  expect(badFormat.status()).toBe(400);
  expect((await badFormat.json()).allowed).toBe("csv|jsonl|warc");
  const badFilter = await request.get(`/api/jobs/${jobId}/export?format=csv&colour=red`);
  expect(badFilter.status()).toBe(400);
  expect((await badFilter.json()).error).toContain("allowed parameters");
  const [pg] = await sql`select id::text from pages where job_id = ${jobId} limit 1`;
  const badValue = await request.put(`/api/jobs/${jobId}/pages/${pg.id}/judgement`, { data: { judgement: "maybe" } });
  expect(badValue.status()).toBe(400);
  expect((await badValue.json()).error).toContain("relevant, irrelevant, or null");
  const otherJob = await request.put(`/api/jobs/${jobId + 1000}/pages/${pg.id}/judgement`, { data: { judgement: "relevant" } });
  expect(otherJob.status()).toBe(404);
});

test("the page view: judging, where it was found, why it scored, and a sandboxed snapshot", async ({ page, request }) => {
  const [pg] = await sql`select p.id::text, f.parent_page_id::text as parent from pages p join frontier f on f.id = p.frontier_id
    where p.job_id = ${jobId} and p.is_relevant and f.parent_page_id is not null and exists (select 1 from page_bodies b where b.page_id = p.id) order by p.id limit 1`;
  await page.goto(`/jobs/${jobId}/pages/${pg.id}`);
  // The first link is the page it was found on; the path from the seed and the inlinks follow.
  await expect(page.getByTestId("page-origin").getByRole("link").first()).toHaveAttribute("href", `/jobs/${jobId}/pages/${pg.parent}`);
  await expect(page.getByTestId("page-why").locator("li").first()).toBeVisible();
  const frame = page.getByTestId("page-snapshot");
  await expect(frame).toHaveAttribute("sandbox", "");
  const snap = await request.get(`/api/jobs/${jobId}/pages/${pg.id}/snapshot`);
  expect(snap.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(await snap.text()).not.toMatch(/<script|href=/i);
  // A key pressed before the page is hydrated goes nowhere: wait for the listener.
  await expect(page.getByTestId("page-judge")).toHaveAttribute("data-keys", "ready");
  await page.keyboard.press("i");
  await expect(page.getByTestId("page-judge").locator("[data-judgement]")).toHaveAttribute("data-judgement", "irrelevant");
  expect((await sql`select judgement from pages where id = ${pg.id}`)[0].judgement).toBe("irrelevant");
  await shootPage(page, "page-view");
});

test("a list page: its items one per line in the page view, and apart in its snippet", async ({ page }) => {
  // A hub of the test web: a heading (the topic's name 农业科学 and a path), one sentence and a list
  // of links, which stay its main text.
  const [hub] = await sql`select p.id::text, p.host, p.main_text as text, array_agg(l.anchor_text order by l.id) as anchors
    from pages p join links l on l.from_page_id = p.id
    where p.job_id = ${jobId} and p.page_kind in ('hub', 'home') and l.anchor_text not in ('首页', 'Home')
    group by p.id having count(*) >= 3 order by p.id limit 1`;
  const lines: string[] = hub.text.split("\n");
  for (const anchor of hub.anchors) expect(lines).toContain(anchor);
  await page.goto(`/jobs/${jobId}/pages/${hub.id}`);
  const shown: string = await page.getByTestId("page-text").innerText();
  for (const anchor of hub.anchors) expect(shown.split("\n")).toContain(anchor);
  await shoot(page, "list-page-view");
  // The heading holds the search word: the snippet is the text's beginning, its lines kept.
  await page.goto(`/jobs/${jobId}/results?q=${encodeURIComponent("农业科学")}&host=${hub.host}`);
  const snippet = page.locator(`[data-testid=result-row][data-page-id="${hub.id}"]`).getByTestId("result-snippet");
  await expect(snippet.locator("mark").first()).toBeVisible();
  // The snippet is the text's first 180 characters, each line break shown as a dot between items.
  const shownLines = hub.text.slice(0, 180).replace(/\n+$/, "").split("\n");
  expect(shownLines.length).toBeGreaterThan(2);
  await expect(snippet.getByTestId("snippet-break")).toHaveCount(shownLines.length - 1);
  expect(await snippet.textContent()).toBe(shownLines.join("\u00a0· "));
  await shoot(page, "list-results");
});
