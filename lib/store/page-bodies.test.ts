import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { DEFAULT_RAW_HTML_MAX_BYTES, readCrawlSettings, CrawlSettingsSchema } from "../jobs/settings";
import { prepareRawBody } from "./page-bodies";

const response = { status: 404, body: Buffer.from("<p>农业</p>"), headers: { "content-type": "text/html" }, finalUrl: "http://a.test/x?y=1", userAgent: "UA" };

test("raw bodies are kept gzip-compressed when the job keeps them and they fit under the cap", async () => {
  const kept = await prepareRawBody({ keepRawHtml: true, rawHtmlMaxBytes: 100 }, response);
  assert.ok(kept);
  assert.equal(gunzipSync(kept.gzip).toString("utf8"), "<p>农业</p>");
  assert.deepEqual([kept.bytes, kept.statusLine, kept.requestHeaders], [13, "HTTP/1.1 404 Not Found", { host: "a.test", "user-agent": "UA" }]);
  assert.equal(await prepareRawBody({ keepRawHtml: false, rawHtmlMaxBytes: 100 }, response), null);
  assert.equal(await prepareRawBody({ keepRawHtml: true, rawHtmlMaxBytes: 12 }, response), null, "over the cap");
});

test("keep raw HTML is on by default with a 2 MiB cap; forms may say on/off", () => {
  const d = readCrawlSettings({});
  assert.deepEqual([d.keepRawHtml, d.rawHtmlMaxBytes], [true, DEFAULT_RAW_HTML_MAX_BYTES]);
  assert.equal(CrawlSettingsSchema.parse({ keepRawHtml: "off" }).keepRawHtml, false);
  const bad = CrawlSettingsSchema.safeParse({ keepRawHtml: "maybe" });
  assert.ok(!bad.success && bad.error.issues[0].message === "keepRawHtml must be true or false");
});
