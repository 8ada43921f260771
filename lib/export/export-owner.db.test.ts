/**
 * Who may act on an export file, through the API as Next.js serves it (proxy, then route) on a
 * real database with users and API tokens: viewers start none (403 that says why), an operator
 * resumes and cancels only the exports they started, an admin any; each refusal changes nothing.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { dispatch } from "@/app/api/test-dispatch";
import { createApiToken } from "../store/api-tokens";
import { getPrisma } from "../store/infra/prisma";
import { getSql } from "../store/infra/sql";
import { createUser, removeUser } from "../store/users";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { storeTestPage } from "../testing/results-fixtures";
import { closeExportSql } from "./dashboard-exports";
import { waitForExportRun } from "./export-files";

const ctx = { db: undefined as unknown as TestDatabase };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-export-owner-"));
Object.assign(process.env, { HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "", FOCUSCRAWL_DATA_DIR: dataDir });
delete process.env.ADMIN_PASSWORD;
let jobId = 0;
const token: Record<string, string> = {};
const userId: Record<string, number> = {};

before(async () => {
  ctx.db = await createTestDatabase();
  process.env.DATABASE_URL = ctx.db.url;
  jobId = (await makeJob(ctx.db.url, {})).id;
  for (let i = 0; i < 3; i++) await storeTestPage(ctx.db.sql, jobId, { url: `http://a.test/${i}`, title: `农业 ${i}`, mainText: "拖拉机", relevance: 0.5 });
  for (const [name, role] of [["op-a", "operator"], ["op-b", "operator"], ["reader", "viewer"], ["boss", "admin"], ["leaver", "operator"]] as const) {
    const made = await createUser(ctx.db.sql, name, role, `${name}-password`);
    assert.ok(made.ok);
    userId[name] = made.user.id;
    const t = await createApiToken(ctx.db.sql, name);
    assert.ok(t.ok);
    token[name] = t.token;
  }
});
after(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await closeExportSql();
  await getSql().end({ timeout: 1 });
  await getPrisma().$disconnect();
  await ctx.db?.drop();
});

async function call(who: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }> {
  const res = await dispatch(new Request(`http://127.0.0.1:3000${url}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { host: "127.0.0.1:3000", authorization: `Bearer ${token[who]}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
  }));
  return { status: res.status, json: await res.json() };
}

/** Start a CSV export file as `who` and wait until it is written; its id. */
async function startAs(who: string): Promise<number> {
  const r = await call(who, "POST", `/api/jobs/${jobId}/exports`, { format: "csv" });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  await waitForExportRun(r.json.export.id);
  return r.json.export.id;
}

const statusOf = async (id: number) => (await ctx.db.sql`select status::text from exports where id = ${id}`)[0].status as string;

test("a viewer may not start an export file: 403 that names the role, and no export is made", async () => {
  const r = await call("reader", "POST", `/api/jobs/${jobId}/exports`, { format: "csv" });
  assert.equal(r.status, 403);
  assert.match(r.json.error, /viewer role/);
  assert.match(r.json.error, /operator role/);
  assert.equal((await ctx.db.sql`select count(*)::int as n from exports`)[0].n, 0);
  // Reading and downloading stay open to viewers.
  assert.equal((await call("reader", "GET", `/api/jobs/${jobId}/exports`)).status, 200);
});

test("an export file records who started it; only they or an admin resume or cancel it", async () => {
  const id = await startAs("op-a");
  const [row] = await ctx.db.sql`select started_by from exports where id = ${id}`;
  assert.equal(row.started_by, userId["op-a"]);
  const listed = await call("reader", "GET", `/api/jobs/${jobId}/exports`);
  assert.equal(listed.json.exports[0].startedByName, "op-a");
  assert.equal(await statusOf(id), "done");

  for (const url of [`/api/exports/${id}/actions`, `/api/jobs/${jobId}/exports/${id}/actions`]) {
    for (const action of ["cancel", "resume"]) {
      const other = await call("op-b", "POST", url, { action });
      assert.equal(other.status, 403, `${action} ${url}`);
      assert.match(other.json.error, /started by user "op-a"/);
      assert.match(other.json.error, /only that user or an admin/);
      const viewer = await call("reader", "POST", url, { action });
      assert.equal(viewer.status, 403);
    }
  }
  assert.equal(await statusOf(id), "done", "a refused cancel leaves the export as it was");
  assert.ok(fs.existsSync(path.join(dataDir, "exports", `${id}.csv`)), "and its file");

  const own = await call("op-a", "POST", `/api/exports/${id}/actions`, { action: "cancel" });
  assert.equal(own.status, 200, JSON.stringify(own.json));
  assert.equal(own.json.export.status, "cancelled");
});

test("an admin acts on anyone's export file, also one whose starter was removed", async () => {
  const byB = await startAs("op-b");
  const admin = await call("boss", "POST", `/api/jobs/${jobId}/exports/${byB}/actions`, { action: "cancel" });
  assert.equal(admin.status, 200, JSON.stringify(admin.json));
  assert.equal(await statusOf(byB), "cancelled");

  const orphan = await startAs("leaver");
  assert.ok((await removeUser(ctx.db.sql, "leaver")).ok);
  const [row] = await ctx.db.sql`select started_by from exports where id = ${orphan}`;
  assert.equal(row.started_by, null, "the export stays when its starter goes");
  const other = await call("op-a", "POST", `/api/exports/${orphan}/actions`, { action: "cancel" });
  assert.equal(other.status, 403);
  assert.match(other.json.error, /someone else/);
  assert.equal((await call("boss", "POST", `/api/exports/${orphan}/actions`, { action: "cancel" })).status, 200);
});
