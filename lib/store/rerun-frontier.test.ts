import assert from "node:assert/strict";
import { test } from "node:test";
import { keepPerHost } from "./rerun-frontier";

test("carried-over URLs keep each host's best ones up to the per-host limit, in order", () => {
  const urls = ["a/1", "b/1", "a/2", "a/3", "b/2", "a/4"].map((u) => ({ host: u.split("/")[0], url: u }));
  assert.deepEqual(keepPerHost(urls, 2).map((u) => u.url), ["a/1", "b/1", "a/2", "b/2"]);
  assert.deepEqual(keepPerHost(urls, 0).map((u) => u.url), urls.map((u) => u.url));
});
