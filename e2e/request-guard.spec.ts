/**
 * E2E: request forgery and DNS rebinding against the real server. A page on another origin
 * submits a text/plain form to the dashboard in a real Chromium (the browser adds Origin and
 * Sec-Fetch-Site itself); a request naming a foreign Host is refused; bad paging on the job
 * page and unknown API paths do not reach a 500.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { rawExchange } from "../lib/testing/net";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-guard" });
test.afterAll(() => sql.end());

const jobCount = async () => (await sql`select count(*)::int as n from jobs`)[0].n as number;

/** A raw HTTP request with the headers exactly as given (fetch clients set Host themselves). */
function rawRequest(url: string, method: string, headers: Record<string, string>, body = ""): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("a form on another site cannot create a job or stop one", async ({ page, baseURL, request }) => {
  const created = await request.post("/api/jobs", { data: { name: "目标", keywords: "计算机", seeds: ["http://portal.test/"], maxPages: 5 } });
  expect(created.status()).toBe(201);
  const jobId = (await created.json()).job.id as number;
  const before = await jobCount();
  const forms = `
    <form id="create" method="POST" enctype="text/plain" action="${baseURL}/api/jobs">
      <input name='{"keywords":"x","seeds":["http://evil.test/"],"pad":"' value='"}'></form>
    <form id="stop" method="POST" enctype="text/plain" action="${baseURL}/api/jobs/${jobId}/actions">
      <input name='{"action":"stop","pad":"' value='"}'></form>`;
  // Another site: a server of its own, opened as localhost while the dashboard is 127.0.0.1.
  const attacker = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><html><body>${forms}</body></html>`));
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const attackerUrl = `http://localhost:${(attacker.address() as { port: number }).port}/`;
  for (const form of ["create", "stop"]) {
    await page.goto(attackerUrl);
    const answer = page.waitForResponse((r) => r.url().startsWith(baseURL ?? "") && r.request().method() === "POST");
    await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form);
    const res = await answer;
    expect(res.status(), form).toBe(403);
    expect((await res.json()).error).toMatch(/其他网站|another site/);
  }
  attacker.close();
  expect(await jobCount()).toBe(before);
  const [job] = await sql`select status::text from jobs where id = ${jobId}`;
  expect(["running", "done"]).toContain(job.status);
});

test("a foreign Host is refused; the dashboard's own names answer", async ({ baseURL }) => {
  const url = new URL("/api/health", baseURL);
  const rebound = await rawRequest(url.toString(), "GET", { host: `rebound.example:${url.port}` });
  expect(rebound.status).toBe(421);
  expect(JSON.parse(rebound.body).error).toMatch(/PUBLIC_URL/);
  for (const host of [`127.0.0.1:${url.port}`, `localhost:${url.port}`]) expect((await rawRequest(url.toString(), "GET", { host })).status).toBe(200);
  const plain = await rawRequest(new URL("/api/jobs", baseURL).toString(), "POST", { host: url.host, "content-type": "text/plain" }, '{"keywords":"x"}');
  expect(plain.status).toBe(415);
});

test("out-of-range paging on the job page and unknown API paths are not errors", async ({ page, request }) => {
  const created = await request.post("/api/jobs", { data: { name: "翻页", keywords: "计算机", seeds: ["http://portal.test/"], maxPages: 3 } });
  const jobId = (await created.json()).job.id as number;
  for (const screen of ["1e20", "1e308", "Infinity", "-1", "abc"]) {
    const res = await page.goto(`/jobs/${jobId}?screen=${screen}`);
    expect(res?.status(), screen).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("翻页");
  }
  const missing = await request.get("/api/jobs/1/no-such-thing");
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error).toMatch(/\/api\/jobs\/1\/no-such-thing/);
  expect((await request.get("/api/jobs/0/events")).status()).toBe(404);
});

test("a body declared larger than its cap is refused from its Content-Length, before any of it is sent", async ({ baseURL }) => {
  const url = new URL("/api/jobs", baseURL);
  const before = await jobCount();
  // Only the head is sent: the body it announces never comes.
  const answer = await rawExchange(Number(url.port),
    `POST /api/jobs HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n`);
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).error).toMatch(/too large/);
  expect(await jobCount()).toBe(before);
});
