import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import { startTestWeb, TESTWEB_CONTROL_PATH, TESTWEB_REQUESTS_PATH } from "./server";

/** GET (or POST) `path` on the test web as `host`, with optional headers. */
function get(port: number, host: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; etag?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: { host, ...headers } }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("a page of the test web can be edited between crawls, and answers a conditional request with 304 until it is", async () => {
  const web = await startTestWeb({ seed: 5, pages: 50 });
  try {
    const page = web.web.pages.find((p) => p.path !== "/")!;
    const first = await get(web.port, page.host, page.path);
    assert.equal(first.status, 200);
    assert.ok(first.etag);
    assert.equal((await get(web.port, page.host, page.path, { "if-none-match": first.etag! })).status, 304, "unchanged: 304");
    const edit = await get(web.port, page.host, `${TESTWEB_CONTROL_PATH}?host=${page.host}&path=${encodeURIComponent(page.path)}`, {}, "POST");
    assert.deepEqual(JSON.parse(edit.body), { revisions: 1 });
    const after = await get(web.port, page.host, page.path, { "if-none-match": first.etag! });
    assert.equal(after.status, 200, "edited: the old validator no longer matches");
    assert.notEqual(after.etag, first.etag);
    assert.match(after.body, /revision 1/);
  } finally {
    await web.close();
  }
});

test("the test web serves the JavaScript site as js.test: pages whose text only a browser sees", async () => {
  const web = await startTestWeb({ seed: 5, pages: 50 });
  try {
    const front = await get(web.port, "js.test", "/");
    assert.equal(front.status, 200);
    assert.match(front.body, /<div id="app"><\/div>/, "the HTML carries no text; the script writes it");
    assert.match((await get(web.port, "js.test", "/app.js")).body, /数据库/);
    assert.equal((await get(web.port, "js.test", "/article/3.html")).status, 200);
    assert.equal((await get(web.port, "js.test", "/probe.html")).status, 404, "no page that asks a private address");
  } finally {
    await web.close();
  }
});

test("the test web lists the requests it answered since a time, its own listing left out", async () => {
  const web = await startTestWeb({ seed: 5, pages: 50 });
  try {
    const page = web.web.pages.find((p) => p.path !== "/")!;
    const since = Date.now();
    await get(web.port, page.host, page.path);
    const listed = JSON.parse((await get(web.port, "any.test", `${TESTWEB_REQUESTS_PATH}?since=${since}`)).body) as { host: string; path: string }[];
    assert.deepEqual(listed.map((r) => [r.host, r.path]), [[page.host, page.path]]);
    const later = JSON.parse((await get(web.port, "any.test", `${TESTWEB_REQUESTS_PATH}?since=${Date.now() + 60_000}`)).body);
    assert.deepEqual(later, []);
  } finally {
    await web.close();
  }
});
