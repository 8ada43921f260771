import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { TopicError } from "../topic/topic";
import { fetchExamplePages, fetchExampleTexts } from "./example-pages";

let server: http.Server;
let port: number;
before(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/ok") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end("<title>数据库</title><nav>导航</nav><p>关系数据库 查询 优化</p>");
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

const opts = () => ({ userAgent: "t", allowPrivate: true, resolve: { "*": { address: "127.0.0.1", port } } });

test("example pages are fetched through the pipeline: title and main text, no boilerplate", async () => {
  const [text] = await fetchExampleTexts(["http://example.test/ok"], opts());
  assert.match(text, /数据库/);
  assert.match(text, /关系数据库 查询 优化/);
  assert.ok(!text.includes("导航"));
});

test("an example URL that fails is named in a TopicError on exampleUrls", async () => {
  await assert.rejects(fetchExampleTexts(["http://example.test/missing"], opts()),
    (e: TopicError) => e.field === "exampleUrls" && /example\.test\/missing answered HTTP 404/.test(e.message));
  await assert.rejects(fetchExampleTexts(["ftp://example.test/"], opts()), (e: TopicError) => e.field === "exampleUrls");
  await assert.rejects(fetchExampleTexts(["http://example.test/ok"], { ...opts(), allowPrivate: false }), /private or local network address/);
});

test("fetchExamplePages answers for every URL: the text of those that load, a reason for the others", async () => {
  const pages = await fetchExamplePages(["http://example.test/ok", "http://example.test/missing", "mailto:x@y.z"], opts());
  assert.equal(pages[0].ok && pages[0].title, "数据库");
  assert.ok(!pages[1].ok && /HTTP 404; give a page that loads/.test(pages[1].message));
  assert.ok(!pages[2].ok && /give a full http/.test(pages[2].message));
});
