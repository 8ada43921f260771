import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { enqueueLinks } from "./frontier";
import { ensureHosts } from "./hosts";
import { listQueued } from "./frontier-queries";
import { createPrisma } from "./infra/prisma";

const ctx = useTestDatabase();

test("the next-URL list puts URLs robots.txt forbids after every URL that may be fetched, marked", async () => {
  const job = await makeJob(ctx.db.url, { maxPages: 100 });
  await ctx.db.sql`update frontier set status = 'done' where job_id = ${job.id}`;
  // The best URLs are on a host whose robots.txt forbids /private/; a host whose robots.txt is not read yet forbids nothing yet.
  const urls = ["http://closed.test/private/1", "http://closed.test/private/2", "http://closed.test/open/3", "http://other.test/a", "http://unread.test/private/b"];
  const hosts = urls.map((u) => new URL(u).host);
  await ctx.db.sql.begin((tx) => ensureHosts(tx, job.id, hosts, { minDelayMs: 0, maxConnections: 10 }));
  await ctx.db.sql`update hosts set robots_state = 'rules', robots_txt = ${"User-agent: *\nDisallow: /private/\n"}, robots_expires_at = now() + interval '1 hour'
    where job_id = ${job.id} and host in ('closed.test', 'other.test')`;
  await ctx.db.sql.begin((tx) => enqueueLinks(tx, { jobId: job.id, depth: 1, parentPageId: "0", urls, hosts, anchors: urls.map(() => ""), priorities: [0.9, 0.8, 0.7, 0.6, 0.5] }));
  const prisma = createPrisma(ctx.db.url);
  try {
    const got = await listQueued(prisma, job.id, 5, "FocusCrawl/0.1");
    assert.deepEqual(got.map((g) => [g.url, g.isRobotsForbidden]), [
      ["http://closed.test/open/3", false], ["http://other.test/a", false], ["http://unread.test/private/b", false],
      ["http://closed.test/private/1", true], ["http://closed.test/private/2", true],
    ]);
    const top = await listQueued(prisma, job.id, 2, "FocusCrawl/0.1");
    assert.deepEqual(top.map((g) => g.url), ["http://closed.test/open/3", "http://other.test/a"], "the forbidden best are not what the short list leads with");
  } finally {
    await prisma.$disconnect();
  }
});
