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
  assert.equal(fs.readFileSync(path.join(dataDir, "pg-owner.pid"), "utf8"), `shared ${second.pid}`, "the owner gave the server up");
  const last = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  assert.equal(last.pid, second.pid);
  await other.end();
  assert.equal(await last.stop(), "stopped");
  assert.equal(isAlive(second.pid), false);
  assert.equal(fs.existsSync(path.join(dataDir, "pg-owner.pid")), false);
});

test("a server FocusCrawl did not start (pg_ctl on the data directory) is used and never stopped", async () => {
  const started = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const ownerFile = path.join(dataDir, "pg-owner.pid");
  assert.equal(fs.readFileSync(ownerFile, "utf8"), `${process.pid} ${started.pid}`, "the owner file names the owner and its postmaster");
  try {
    // As if someone had started it by hand: a running server and no owner file…
    fs.rmSync(ownerFile);
    const user = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    assert.equal(user.pid, started.pid, "it joins the running server");
    const sql = openSql(user.url(), { max: 1 });
    assert.deepEqual([...(await sql`select 1 as one`)], [{ one: 1 }]);
    await sql.end();
    assert.equal(await user.stop(), "not-mine");
    assert.equal(await started.stop(), "not-mine", "not even by the handle that started it, once the owner file is gone");
    // …or one left from another server (before a reboot): a dead owner of another postmaster is not this server's.
    fs.writeFileSync(ownerFile, `999999999 ${started.pid + 1}`);
    const after = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    assert.equal(await after.stop(), "not-mine");
    assert.equal(isAlive(started.pid), true, "the server keeps running for whoever started it");
    // A dead owner of this very postmaster (killed before it could stop it): the server is adopted and stopped.
    fs.writeFileSync(ownerFile, `999999999 ${started.pid}`);
    const adopter = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    assert.equal(fs.readFileSync(ownerFile, "utf8"), `${process.pid} ${started.pid}`);
    assert.equal(await adopter.stop(), "stopped");
    assert.equal(isAlive(started.pid), false);
    assert.equal(await started.stop(), "stopped", "a handle whose server is gone has nothing left to stop");
  } finally {
    if (isAlive(started.pid)) await started.stop({ force: true });
  }
});

test("a process that joined a live owner's server stops it last, once the owner has left it shared", async () => {
  const owner = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    const joined = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    const held = openSql(joined.url(), { max: 1 });
    await held`select 1`;
    assert.equal(await owner.stop(), "left-running");
    await held.end();
    assert.equal(await joined.stop(), "stopped");
    assert.equal(isAlive(owner.pid), false);
  } finally {
    if (isAlive(owner.pid)) await owner.stop({ force: true });
  }
});
