import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { startEmbeddedPostgres } from "./embedded";
import { openSql } from "./sql";
import { freePort } from "../../testing/net";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-embedded-"));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));


const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("the embedded server initialises once, keeps its data across restarts, and stops", async () => {
  const port = await freePort();
  const first = await startEmbeddedPostgres({ dataDir, port });
  const sql = openSql(first.url(), { max: 1 });
  await sql`create table kept (v text)`;
  await sql`insert into kept values ('数据')`;
  await sql.end();
  await first.stop();
  assert.equal(isAlive(first.pid), false, "stop() shuts the server down");

  const second = await startEmbeddedPostgres({ dataDir, port });
  const again = openSql(second.url(), { max: 1 });
  assert.deepEqual([...(await again`select v from kept`)], [{ v: "数据" }]);
  // Its URL names the Unix-domain socket, and clients use it (a socket connection has no server address).
  assert.match(second.url(), /\?host=%2F/);
  assert.deepEqual([...(await again`select inet_server_addr() as addr`)], [{ addr: null }]);
  await again.end();
  const { createPrisma } = await import("./prisma");
  const prisma = createPrisma(second.url());
  assert.deepEqual(await prisma.$queryRaw`select inet_server_addr() as addr, 1 as one`, [{ addr: null, one: 1 }]);
  await prisma.$disconnect();

  // A second process on the same data joins the running server and does not stop it.
  const joined = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  assert.equal(joined.pid, second.pid);
  assert.equal(await joined.stop(), "not-mine");
  assert.equal(isAlive(second.pid), true, "only the owner stops the server");

  // The owner leaves it running while another process is connected (two lab runs on one data
  // directory): the last one to stop shuts it down.
  const other = openSql(second.url(), { max: 1 });
  await other`select 1`;
  assert.equal(await second.stop(), "left-running");
  assert.equal(isAlive(second.pid), true, "a server others use is not stopped under them");
  assert.equal(fs.readFileSync(path.join(dataDir, "pg-owner.pid"), "utf8"), "shared", "the owner gave the server up");
  const last = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  assert.equal(last.pid, second.pid);
  await other.end();
  assert.equal(await last.stop(), "stopped");
  assert.equal(isAlive(second.pid), false);
  assert.equal(fs.existsSync(path.join(dataDir, "pg-owner.pid")), false);
});

test("a server FocusCrawl did not start (pg_ctl on the data directory) is used and never stopped", async () => {
  const started = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  // As if someone had started it by hand: a running server and no owner file.
  fs.rmSync(path.join(dataDir, "pg-owner.pid"));
  const user = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  assert.equal(user.pid, started.pid, "it joins the running server");
  const sql = openSql(user.url(), { max: 1 });
  assert.deepEqual([...(await sql`select 1 as one`)], [{ one: 1 }]);
  await sql.end();
  assert.equal(await user.stop(), "not-mine");
  assert.equal(await started.stop(), "not-mine", "not even by the handle that started it, once the owner file is gone");
  assert.equal(isAlive(started.pid), true, "the server keeps running for whoever started it");
  assert.equal(await user.stop({ force: true }), "stopped");
  assert.equal(isAlive(started.pid), false);
});
