/**
 * Sign-in, roles and API tokens on a second dashboard of its own (the shared one stays open, as
 * a loopback dashboard without users is): its own database, ADMIN_PASSWORD set (so the start
 * script's health wait must pass without credentials), then users made with the CLI.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ensureDatabase } from "../lib/store/infra/connect";
import { openSql, type Sql } from "../lib/store/infra/sql";
import { runCliWithInput } from "../lib/testing/cli-input";
import { withDatabase } from "../lib/testing/db";
import { freePort } from "../lib/testing/net";

const ROOT = path.resolve(import.meta.dirname, "..");
const sharedUrl = process.env.E2E_DATABASE_URL ?? "";
const dbName = `${new URL(sharedUrl || "postgresql://x/none").pathname.slice(1)}_auth`;
const dbUrl = withDatabase(sharedUrl || "postgresql://x/none", dbName);
const OPERATOR = { name: "ops", password: "operator-pass-1" };
const VIEWER = { name: "reader", password: "viewer-pass-1" };
const ADMIN_PASSWORD = "bootstrap-secret-1";
const ADMIN = { name: "admin", password: "admin-pass-2" };
const SHOTS_DIR = process.env.AUTH_SHOTS_DIR;

let app: ChildProcess | undefined;
let base = "";
let sql: Sql;
const tokens = { operator: "", viewer: "" };

test.describe.configure({ mode: "serial" });

async function cli(args: string[], input = ""): Promise<string> {
  const r = await runCliWithInput(args, dbUrl, input);
  if (r.code !== 0) throw new Error(`focuscrawl ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout.trim();
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  if (SHOTS_DIR) fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const admin = withDatabase(sharedUrl, "postgres");
  const drop = openSql(admin, { max: 1 });
  await drop.unsafe(`drop database if exists "${dbName}" with (force)`);
  await drop.end();
  await ensureDatabase(admin, dbName);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "start.ts")], {
    cwd: ROOT, stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD,
      ALLOW_PRIVATE_NETWORKS: "1", CRAWL_RESOLVE: `*=127.0.0.1:${process.env.E2E_TESTWEB_PORT ?? 8701}` },
  });
  // The start script announces the address only once /api/health answered: with a password set, that needs a public health check.
  await new Promise<void>((resolve, reject) => {
    let out = "";
    app!.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes(`FocusCrawl is running at ${base}`)) resolve();
    });
    app!.once("exit", (code) => reject(new Error(`the second dashboard exited (${code}) before it was ready:\n${out}`)));
  });
  sql = openSql(dbUrl, { max: 1, app: "focuscrawl-e2e-auth" });
});

test.afterAll(async () => {
  await sql?.end();
  if (app && app.exitCode === null) {
    const exited = new Promise((r) => app!.once("exit", r));
    app.kill("SIGTERM");
    await exited;
  }
  const admin = openSql(withDatabase(sharedUrl, "postgres"), { max: 1 });
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
});

async function signIn(page: Page, who: { name: string; password: string }) {
  await page.getByLabel("用户名").fill(who.name);
  await page.getByLabel("密码").fill(who.password);
  await page.getByRole("button", { name: "登录" }).click();
}

/** Sign out, and wait until the sign-in page shows (a navigation started sooner would race the sign-out). */
async function signOut(page: Page) {
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page).toHaveURL(`${base}/login`);
}

const basicAuth = (name: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}` });

test("health is public; while no user exists ADMIN_PASSWORD signs in as admin, and the first sign-in creates admin", async ({ page }) => {
  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(200);
  // Which parts are up and nothing more: the database answered, and how many workers beat.
  const body = await health.json();
  expect(Object.keys(body).sort()).toEqual(["ok", "workers"]);
  expect(body.ok).toBe(true);
  expect(Number.isInteger(body.workers)).toBe(true);
  const anonymous = await fetch(`${base}/api/jobs`);
  expect(anonymous.status).toBe(401);
  expect((await anonymous.json()).error).toContain("focuscrawl token add");
  const forged = await fetch(`${base}/api/jobs`, { headers: { "x-focuscrawl-role": "operator", "x-focuscrawl-user": "ops" } });
  expect(forged.status).toBe(401);
  expect((await fetch(`${base}/api/jobs`, { headers: basicAuth("admin", ADMIN_PASSWORD) })).status).toBe(200);
  expect((await fetch(`${base}/api/jobs`, { headers: basicAuth("someone", ADMIN_PASSWORD) })).status).toBe(401);

  await page.goto(`${base}/login`);
  await expect(page.getByTestId("login-bootstrap")).toBeVisible();
  await signIn(page, { name: "admin", password: ADMIN_PASSWORD });
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByTestId("signed-in")).toHaveText("admin（管理员）");
  expect([...await sql`select name, role from users`]).toEqual([{ name: "admin", role: "admin" }]);

  await cli(["user", "add", OPERATOR.name, "--role", "operator", "--password-stdin"], OPERATOR.password);
  await cli(["user", "add", VIEWER.name, "--role", "viewer", "--password-stdin"], VIEWER.password);
  tokens.operator = await cli(["token", "add", "--user", OPERATOR.name]);
  tokens.viewer = await cli(["token", "add", "--user", VIEWER.name]);
  // The last admin cannot be removed; a new password keeps them, and ADMIN_PASSWORD no longer signs in.
  await expect(cli(["user", "remove", "admin"])).rejects.toThrow(/last admin/);
  await cli(["user", "password", "admin", "--password-stdin"], ADMIN.password);
  // Once users exist, ADMIN_PASSWORD is no way in; a user's own password is (basic auth for scripts).
  expect((await fetch(`${base}/api/jobs`, { headers: basicAuth("admin", ADMIN_PASSWORD) })).status).toBe(401);
  expect((await fetch(`${base}/api/jobs`, { headers: basicAuth(OPERATOR.name, OPERATOR.password) })).status).toBe(200);
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
});

test("a page redirects to the sign-in form; a wrong password says how to fix it; sign-in and sign-out", async ({ page, context }) => {
  await page.goto(`${base}/jobs/new`);
  await expect(page).toHaveURL(`${base}/login?next=%2Fjobs%2Fnew`);
  await expect(page.getByRole("heading", { name: "登录 FocusCrawl" })).toBeVisible();
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, "login-zh-1280.png"), fullPage: true });

  await signIn(page, { name: OPERATOR.name, password: "not-the-password" });
  await expect(page.getByTestId("login-error")).toContainText("用户名或密码不正确");
  await expect(page.getByLabel("用户名")).toHaveValue(OPERATOR.name);
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, "login-zh-1280-error.png"), fullPage: true });
  expect(await context.cookies(base)).toEqual([]);
  const keys = (await sql`select key from login_attempts where failures > 0 order by key`).map((r) => r.key);
  expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(/^addr:(::ffff:)?127\.0\.0\.1$/), "user:ops"]));

  await page.getByLabel("密码").fill(OPERATOR.password);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL(`${base}/jobs/new`);
  await expect(page.getByTestId("signed-in")).toHaveText("ops（操作员）");
  const [cookie] = await context.cookies(base);
  expect(cookie).toMatchObject({ name: "focuscrawl_session", httpOnly: true, sameSite: "Lax", secure: false });
  const [{ n }] = await sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.name = ${OPERATOR.name}`;
  expect(n).toBe(1);

  await signOut(page);
  const [{ left }] = await sql`select count(*)::int as left from sessions`;
  expect(left).toBe(0);
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
});

test("API tokens act with their owner's role: an operator's creates a job, a viewer's reads but cannot stop it", async () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
  const created = await fetch(`${base}/api/jobs`, {
    method: "POST", headers: bearer(tokens.operator),
    body: JSON.stringify({ keywords: "计算机,软件", seeds: ["http://portal.test/"], maxPages: 200, minDelayMs: 2000 }),
  });
  expect(created.status).toBe(201);
  const { job } = await created.json();
  const paused = await fetch(`${base}/api/jobs/${job.id}/actions`, { method: "POST", headers: bearer(tokens.operator), body: JSON.stringify({ action: "pause" }) });
  expect(paused.status).toBe(200);

  const read = await fetch(`${base}/api/jobs/${job.id}`, { headers: bearer(tokens.viewer) });
  expect(read.status).toBe(200);
  const stop = await fetch(`${base}/api/jobs/${job.id}/actions`, { method: "POST", headers: bearer(tokens.viewer), body: JSON.stringify({ action: "stop" }) });
  expect(stop.status).toBe(403);
  expect((await stop.json()).error).toContain("viewer role");
  const wrong = await fetch(`${base}/api/jobs`, { headers: bearer(`${tokens.viewer.slice(0, -1)}x`) });
  expect(wrong.status).toBe(401);
  const [row] = await sql`select status from jobs where id = ${job.id}`;
  expect(row.status).toBe("paused");
});

test("a viewer sees a job without its buttons and is refused a stop; an operator sees them", async ({ page }) => {
  const [{ id }] = await sql`select max(id)::int as id from jobs`;
  await page.goto(`${base}/jobs/${id}`);
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(`${base}/jobs/${id}`);
  await expect(page.getByRole("button", { name: "停止", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "新建任务", exact: true })).toBeVisible();
  await signOut(page);

  await page.goto(`${base}/jobs/${id}`);
  await signIn(page, VIEWER);
  await expect(page).toHaveURL(`${base}/jobs/${id}`);
  await expect(page.getByTestId("signed-in")).toHaveText("reader（只读）");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${id}`);
  await expect(page.getByRole("button", { name: "停止", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "继续", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "新建任务", exact: true })).toHaveCount(0);
  if (SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: path.join(SHOTS_DIR, "job-viewer-zh-390.png") });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await page.goto(`${base}/`);
  await expect(page.locator(`a[href="/jobs/${id}"]`)).toBeVisible();
  await expect(page.getByRole("link", { name: "新建任务", exact: true })).toHaveCount(0);
  await page.goto(`${base}/topics`);
  await expect(page.getByRole("link", { name: "新建主题", exact: true })).toHaveCount(0);
  const stop = await page.request.post(`${base}/api/jobs/${id}/actions`, { data: { action: "stop" } });
  expect(stop.status()).toBe(403);
  // A server action is a POST to the page's address: refused as well.
  const action = await page.request.post(`${base}/jobs/${id}`, { headers: { "next-action": "0".repeat(40) }, form: { jobId: String(id), action: "stop" } });
  expect(action.status()).toBe(403);
  const [row] = await sql`select status from jobs where id = ${id}`;
  expect(row.status).toBe("paused");
});

test("a viewer sees no judge buttons and gets a role notice, not a form, on the pages that create things", async ({ page }) => {
  const created = await fetch(`${base}/api/jobs`, {
    method: "POST", headers: { authorization: `Bearer ${tokens.operator}`, "content-type": "application/json" },
    body: JSON.stringify({ keywords: "计算机,软件", seeds: ["http://portal.test/"], maxPages: 3, minDelayMs: 0 }),
  });
  expect(created.status).toBe(201);
  const { job } = await created.json();
  await expect.poll(async () => (await sql`select count(*)::int as n from pages where job_id = ${job.id}`)[0].n, { timeout: 60_000 }).toBeGreaterThan(0);

  await page.goto(`${base}/jobs/${job.id}/results`);
  await signIn(page, OPERATOR);
  await expect(page.getByTestId("result-row").first()).toBeVisible();
  await expect(page.getByTestId("result-row").first().getByRole("button", { name: "相关", exact: true })).toBeVisible();
  await signOut(page);

  await page.goto(`${base}/jobs/${job.id}/results`);
  await signIn(page, VIEWER);
  await expect(page.getByTestId("result-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "相关", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "不相关", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0);
  await expect(page.getByTestId("results-precision")).toContainText("操作员判定一些页面后");
  await page.getByTestId("result-row").first().getByRole("link").first().click();
  await expect(page.getByTestId("page-title")).toBeVisible();
  await expect(page.getByRole("button", { name: "相关", exact: true })).toHaveCount(0);

  for (const [path, text] of [["/jobs/new", "不能新建任务"], ["/topics/new", "不能新建或修改主题"], ["/workflows/new", "不能新建或修改工作流"], ["/compare", "不能发起新的策略对比"]]) {
    await page.goto(`${base}${path}`);
    await expect(page.getByTestId("role-notice")).toContainText(text);
    await expect(page.getByRole("button", { name: /创建|保存|开始|下一步|Create|Save/ })).toHaveCount(0);
  }
  await expect(page.getByTestId("top-nav").getByRole("link", { name: "新建任务" })).toHaveCount(0);
  await page.goto(`${base}/jobs/new`);
  await shootWide(page, "role-notice-new-job");
  await page.goto(`${base}/jobs/${job.id}/results`);
  await shootWide(page, "results-viewer");
});

test("the sign-in page in English and at 390 px", async ({ browser }) => {
  for (const [lang, width] of [["en", 1280], ["en", 390], ["zh-CN", 390]] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.addCookies([{ name: "lang", value: lang, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/login?error=invalid&name=ops`);
    const heading = lang === "en" ? "Sign in to FocusCrawl" : "登录 FocusCrawl";
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByTestId("login-error")).toContainText(lang === "en" ? "Wrong user name or password" : "用户名或密码不正确");
    if (lang === "en") await expect(page.getByLabel("User name")).toHaveValue("ops");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `login-${lang}-${width}.png`), fullPage: true });
    await context.close();
  }
});

/** Screenshots in both languages at 1280 and 390 px, in the shots directory when one is given (E2E_SCREENSHOTS or AUTH_SHOTS_DIR). */
async function shootWide(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const [lang, width] of [["zh-CN", 1280], ["zh-CN", 390], ["en", 1280], ["en", 390]] as const) {
    await page.context().addCookies([{ name: "lang", value: lang, url: base }]);
    await page.setViewportSize({ width, height: width === 390 ? 1400 : 1000 });
    await page.reload();
    await page.screenshot({ path: path.join(dir, `${name}-${lang}-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.context().addCookies([{ name: "lang", value: "zh-CN", url: base }]);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A screenshot of the whole page at `width` px, in the shots directory when one is given. */
async function shoot(page: Page, name: string, width: number) {
  if (!SHOTS_DIR) return;
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

const userRow = (page: Page, name: string) => page.locator(`[data-testid="user-row"][data-user="${name}"]`);

/**
 * Open a user's "remove…" and confirm. The page may still be taking in the previous action's
 * refresh, which replaces the row (and closes its <details>): open it again until the click lands.
 */
async function confirmRemove(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await expect(async () => {
    const row = userRow(page, name);
    if ((await row.locator("details").getAttribute("open")) === null) await row.getByText("删除…").click();
    await expect(row.getByText(`确定删除用户 ${name}？`)).toBeVisible({ timeout: 1_000 });
    await row.getByRole("button", { name: `确认删除 ${name}` }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test("an admin manages users on the users page; the last admin stays; others neither see nor open it", async ({ page, context }) => {
  await page.goto(`${base}/admin/users`);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(`${base}/admin/users`);
  await expect(page.getByRole("heading", { name: "用户", exact: true })).toBeVisible();
  for (const [name, role] of [["admin", "管理员（admin）"], ["ops", "操作员（operator）"], ["reader", "只读（viewer）"]]) {
    await expect(userRow(page, name).getByTestId("user-role")).toHaveText(role);
  }
  await expect(userRow(page, "admin").getByTestId("user-last-sign-in")).toContainText("上次登录");

  // Add a user: a short password is refused in the page's language, then the user is added.
  const add = page.getByTestId("add-user");
  await add.getByLabel("用户名").fill("li.ming");
  await add.getByLabel("密码（至少 8 个字符）").fill("short");
  await add.getByRole("button", { name: "添加" }).click();
  await expect(page.getByTestId("users-error")).toHaveText("密码太短：请至少输入 8 个字符。");
  await expect(add.getByLabel("用户名")).toHaveValue("li.ming");
  await add.getByLabel("密码（至少 8 个字符）").fill("li-ming-pass-1");
  await add.getByLabel("角色").selectOption("viewer");
  await add.getByRole("button", { name: "添加" }).click();
  await expect(page.getByTestId("users-notice")).toHaveText("已添加用户 li.ming。");
  await expect(userRow(page, "li.ming").getByTestId("user-role")).toHaveText("只读（viewer）");
  await expect(userRow(page, "li.ming").getByTestId("user-last-sign-in")).toHaveText("从未通过表单登录");
  await add.getByLabel("用户名").fill("a b");
  await add.getByLabel("密码（至少 8 个字符）").fill("long-enough-1");
  await add.getByRole("button", { name: "添加" }).click();
  await expect(page.getByTestId("users-error")).toContainText("用户名“a b”不可用");

  // Change a role, set a password.
  await userRow(page, "li.ming").getByLabel("角色").selectOption("operator");
  await userRow(page, "li.ming").getByRole("button", { name: "修改角色" }).click();
  await expect(page.getByTestId("users-notice")).toHaveText("li.ming 的角色已修改。");
  await userRow(page, "li.ming").getByLabel("li.ming 的新密码").fill("li-ming-pass-2");
  await userRow(page, "li.ming").getByRole("button", { name: "重设密码" }).click();
  await expect(page.getByTestId("users-notice")).toContainText("已为 li.ming 设置新密码");
  const [changed] = await sql`select role from users where name = 'li.ming'`;
  expect(changed.role).toBe("operator");
  expect((await fetch(`${base}/api/jobs`, { headers: basicAuth("li.ming", "li-ming-pass-2") })).status).toBe(200);

  // The last admin can be neither demoted nor removed.
  await userRow(page, "admin").getByLabel("角色").selectOption("viewer");
  await userRow(page, "admin").getByRole("button", { name: "修改角色" }).click();
  await expect(page.getByTestId("users-error")).toHaveText("admin 是最后一位管理员：不能删除或降级，否则没人能再管理用户。请先把另一位用户设为管理员。");
  await expect(add.getByLabel("用户名")).toHaveValue("");
  await confirmRemove(page, "admin");
  await expect(page.getByTestId("users-error")).toContainText("最后一位管理员");
  expect((await sql`select role from users where name = 'admin'`)[0].role).toBe("admin");
  await shoot(page, "users-zh", 1280);
  await shoot(page, "users-zh", 390);

  // Remove, after confirming.
  await confirmRemove(page, "li.ming");
  await expect(page.getByTestId("users-notice")).toHaveText("已删除用户 li.ming。");
  await expect(userRow(page, "li.ming")).toHaveCount(0);
  expect((await sql`select count(*)::int as n from users where name = 'li.ming'`)[0].n).toBe(0);

  // English.
  await context.addCookies([{ name: "lang", value: "en", url: base }]);
  await page.goto(`${base}/admin/users?error=lastAdmin&name=admin`);
  await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
  await expect(page.getByTestId("users-error")).toHaveText("admin is the last admin: removing or demoting them would leave no one to manage users. Make another user admin first.");
  await shoot(page, "users-en", 1280);
  await shoot(page, "users-en", 390);
  // Measured at 390 px whether or not screenshots are taken (shoot sets the width only when it takes one).
  await page.setViewportSize({ width: 390, height: 900 });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await context.addCookies([{ name: "lang", value: "zh-CN", url: base }]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Already signed in, /login goes on to `next` when it is a path of this site, else home.
  await page.goto(`${base}/login?next=%2Fworkers`);
  await expect(page).toHaveURL(`${base}/workers`);
  await page.goto(`${base}/login?next=%2F%2Fevil.example%2F`);
  await expect(page).toHaveURL(`${base}/`);
  await signOut(page);

  // An operator sees no link and is refused the page and its actions.
  await signIn(page, OPERATOR);
  await expect(page.getByTestId("top-nav")).toBeVisible();
  await expect(page.getByTestId("nav-users")).toHaveCount(0);
  const refused = await page.request.get(`${base}/admin/users`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toContain("admin role");
  const action = await page.request.post(`${base}/admin/users`, { headers: { "next-action": "0".repeat(40) }, form: { name: "admin", role: "viewer" } });
  expect(action.status()).toBe(403);
  await signOut(page);
});

test("the API describes itself: /api/openapi.json and the reference page, in Chinese and English", async ({ browser }) => {
  const doc = await fetch(`${base}/api/openapi.json`, { headers: { authorization: `Bearer ${tokens.viewer}` } });
  expect(doc.status).toBe(200);
  const body = await doc.json();
  expect(body.openapi).toBe("3.1.0");
  expect(body.paths["/api/jobs/{id}/exports"].post.requestBody.content["application/json"].schema.properties.format.enum).toEqual(["csv", "jsonl", "warc", "wacz"]);
  for (const [lang, width] of [["zh-CN", 1280], ["zh-CN", 390], ["en", 1280], ["en", 390]] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/docs/api`);
    await signIn(page, VIEWER);
    await expect(page).toHaveURL(`${base}/docs/api`);
    await context.addCookies([{ name: "lang", value: lang, url: base }]);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? "HTTP API reference" : "HTTP API 参考");
    expect(await page.getByTestId("api-operation").count()).toBe(Object.values(body.paths).reduce((n: number, p) => n + Object.keys(p as object).length, 0));
    const seeds = page.locator("#post--api-jobs-id-seeds");
    await expect(seeds.getByText("seeds", { exact: true })).toBeVisible();
    await expect(seeds.getByText("string[]")).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    if (SHOTS_DIR) {
      await page.screenshot({ path: path.join(SHOTS_DIR, `api-docs-${lang}-${width}.png`) });
      await seeds.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS_DIR, `api-docs-${lang}-${width}-seeds.png`) });
    }
    await context.close();
  }
});

test("the shared loopback dashboard without users stays open, and its sign-in page says so", async ({ page, request }) => {
  expect((await request.get("/api/jobs")).status()).toBe(200);
  await page.goto("/login");
  await expect(page.getByTestId("login-open")).toContainText("focuscrawl user add");
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("signed-in")).toHaveCount(0);
});
