import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../../testing/db";
import { makeJob } from "../../testing/fixtures";
import { freePort } from "../../testing/net";
import { JOB_CHANNEL, stopJobChanges, subscribeJobChanges } from "./listen";
import { getPrisma } from "./prisma";

const ctx = useTestDatabase();

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

test("the job event stream sends progress, and a reader that leaves (even at once) leaves no timer behind", async () => {
  process.env.DATABASE_URL = ctx.db.url;
  const { GET } = await import("../../../app/api/jobs/[id]/events/route");
  const job = await makeJob(ctx.db.url, {});
  const open = (signal?: AbortSignal) =>
    GET(new Request(`http://x/api/jobs/${job.id}/events`, { signal }), { params: Promise.resolve({ id: String(job.id) }) });

  const res = await open();
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.match(first, /^data: \{.*"frontier"/);
  await reader.cancel();
  // Readers that leave: one cancelled before start() has even subscribed, one whose request is
  // aborted. Whatever a stream set up must be released; a leak grows with every round.
  const leaveEarly = async () => {
    const early = await open();
    await early.body!.cancel();
    const aborted = new AbortController();
    const third = await open(aborted.signal);
    aborted.abort();
    await third.body!.cancel().catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
  };
  await leaveEarly(); // the database pools' own timers are running after this
  const before = timers();
  for (let i = 0; i < 3; i++) await leaveEarly();
  assert.equal(timers(), before, "no keepalive or update timer left running");
  // The route's process-wide connections, so that this test process can end.
  await stopJobChanges();
  await getPrisma().$disconnect();
});

test("a LISTEN that could not be set up (the database away) is tried again by the next subscriber", async () => {
  await stopJobChanges();
  const url = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `postgresql://u:p@127.0.0.1:${await freePort()}/nothing-listens-here`;
  try {
    await assert.rejects(subscribeJobChanges(() => {}), "the database is away");
  } finally {
    process.env.DATABASE_URL = ctx.db.url;
  }
  const heard: number[] = [];
  const unsubscribe = await subscribeJobChanges((id) => heard.push(id));
  try {
    for (let i = 0; i < 600 && !heard.includes(42); i++) {
      await ctx.db.sql`select pg_notify(${JOB_CHANNEL}, '42')`;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(heard.includes(42), "the new subscriber hears the job's notifications");
  } finally {
    unsubscribe();
    await stopJobChanges();
    process.env.DATABASE_URL = url;
  }
});
