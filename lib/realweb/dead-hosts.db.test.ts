import assert from "node:assert/strict";
import { test } from "node:test";
import { makeJob } from "../testing/fixtures";
import { createCrawlWorker } from "../crawl/worker";
import { enqueueLinks } from "../store/frontier";
import { setHostAside, skipUrlsOfSetAsideHosts, UNREACHABLE_EVENTS } from "../store/host-controls";
import { diagnoseJob } from "../store/diagnostics";
import { useSampleWeb } from "./sample-web";

// The bundled sample's journals behind a directory portal that also links to 20 hosts that drop
// every connection, as dead external hosts do.
const env = useSampleWeb({ abstracts: 300, deadHosts: 20 });

test("hosts that never answer are set aside after two tries of robots.txt: none of their URLs fails or spends the page budget", async () => {
  const job = await makeJob(env.db.url, {
    keywords: "计算机,网络,控制", seeds: env.web.web.portal, resolve: `*=127.0.0.1:${env.web.port}`, minDelayMs: 0, maxHostConnections: 4,
    maxPages: 1000, connectTimeoutMs: 1000, headersTimeoutMs: 2000, bodyTimeoutMs: 2000, strategy: "bfs",
  });
  const worker = createCrawlWorker({
    sql: env.db.sql, concurrency: 8, leaseMs: 60_000, heartbeatMs: 500, staleAfterMs: 10_000, idlePollMs: 50,
    userAgent: "FocusCrawl-test", allowPrivate: true, jobIds: [job.id], exitWhenJobsEnd: true, log: () => {},
  });
  // Each dead host's robots.txt is tried again after ROBOTS_FIRST_RETRY_MS (30 s), so the crawl takes at least that.
  await worker.run();

  const dead = env.web.web.deadHosts;
  const [j] = await env.db.sql`select status::text, finish_reason, pages_reserved, pages_fetched from jobs where id = ${job.id}`;
  assert.equal(j.finish_reason, "frontier-empty", "the crawl ran out of URLs (the page budget was not reached)");
  const onDead = await env.db.sql<{ host: string; status: string; reason: string | null; n: number }[]>`
    select host, status::text, skip_reason as reason, count(*)::int as n from frontier
    where job_id = ${job.id} and host = any(${dead}::text[]) group by 1, 2, 3`;
  const reached = new Set(onDead.map((r) => r.host));
  assert.ok(reached.size >= 10, `only ${reached.size} dead hosts were linked to`);
  assert.deepEqual(onDead.filter((r) => r.status !== "skipped" || r.reason !== "host-unreachable"), [],
    "every URL on a dead host ends skipped as host-unreachable");
  const [{ asideHosts }] = await env.db.sql`select count(*)::int as "asideHosts" from hosts
    where job_id = ${job.id} and robots_expires_at = 'infinity' and next_fetch_at = 'infinity'`;
  assert.equal(asideHosts, reached.size);
  const [{ events }] = await env.db.sql`select count(*)::int as events from job_events where job_id = ${job.id} and kind = 'host-unreachable'`;
  assert.equal(events, reached.size);
  // The budget counts only URLs of hosts that answer.
  const [{ live }] = await env.db.sql`select count(*)::int as live from frontier
    where job_id = ${job.id} and status in ('done', 'failed') and not (host = any(${dead}::text[]))`;
  assert.equal(j.pages_reserved, live);

  // A link to a host set aside, found later, is stored as skipped with the same reason.
  const host = [...reached][0];
  await env.db.sql.begin((tx) => enqueueLinks(tx, { jobId: job.id, depth: 2, parentPageId: null, urls: [`http://${host}/found-later`],
    hosts: [host], anchors: [""], priorities: [1] }));
  const [later] = await env.db.sql`select status::text, skip_reason from frontier where job_id = ${job.id} and url = ${`http://${host}/found-later`}`;
  assert.deepEqual({ ...later }, { status: "skipped", skip_reason: "host-unreachable" });

  // A URL queued by a page stored as the host was set aside (it could not see that yet) is skipped
  // by the workers' maintenance, or the job would never end.
  await env.db.sql`update jobs set status = 'running' where id = ${job.id}`;
  await env.db.sql`insert into frontier (job_id, url, url_key, host, depth, priority) values (${job.id}, ${`http://${host}/raced`}, ${`http://${host}/raced`}, ${host}, 2, 1)`;
  await env.db.sql`update hosts set has_pending = true where job_id = ${job.id} and host = ${host}`;
  assert.equal(await skipUrlsOfSetAsideHosts(env.db.sql), 1);
  const [raced] = await env.db.sql`select status::text, skip_reason from frontier where job_id = ${job.id} and url = ${`http://${host}/raced`}`;
  assert.deepEqual({ ...raced }, { status: "skipped", skip_reason: "host-unreachable" });
  await env.db.sql`update jobs set status = 'done' where id = ${job.id}`;

  // The job page says so, and does not count them as blocked by a person.
  const found = await diagnoseJob(env.db.sql, job.id);
  assert.equal(found.find((d) => d.kind === "hosts-set-aside")?.n, reached.size);
  assert.equal(found.find((d) => d.kind === "blocked-hosts"), undefined);
  // A host that has served a page is never set aside.
  const [live1] = await env.db.sql`select host from hosts where job_id = ${job.id} and pages_fetched > 0 limit 1`;
  assert.equal(await setHostAside(env.db.sql, job.id, live1.host, "test"), null);
});

test("past UNREACHABLE_EVENTS hosts set aside, a job's log gets no more of them, and the diagnostics still count every one", async () => {
  const job = await makeJob(env.db.url, { keywords: "计算机", seeds: "http://seed.test/", maxPages: 100 });
  const hosts = Array.from({ length: UNREACHABLE_EVENTS + 5 }, (_, i) => `dead${i}.test`);
  await env.db.sql`insert into hosts (job_id, host) select ${job.id}, unnest(${hosts}::text[])`;
  for (const h of hosts) assert.equal(await setHostAside(env.db.sql, job.id, h, "test"), 0);
  const events = await env.db.sql<{ message: string }[]>`select message from job_events where job_id = ${job.id} and kind = 'host-unreachable' order by id`;
  assert.equal(events.length, UNREACHABLE_EVENTS);
  assert.match(events.at(-1)!.message, /without an event/);
  await env.db.sql`update jobs set status = 'running' where id = ${job.id}`;
  assert.equal((await diagnoseJob(env.db.sql, job.id)).find((d) => d.kind === "hosts-set-aside")?.n, hosts.length);
  // A host already set aside is not set aside twice.
  assert.equal(await setHostAside(env.db.sql, job.id, hosts[0], "test"), null);
});
