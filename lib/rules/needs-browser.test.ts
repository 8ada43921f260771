import assert from "node:assert/strict";
import { test } from "node:test";
import { fetchModeFor, needsBrowser } from "./needs-browser";

const shell = '<html><head><script src="/a.js"></script><script src="/b.js"></script></head><body><div id="app"></div></body></html>';

test("a page of scripts with little text needs a browser; a page with its text or links does not", () => {
  assert.equal(needsBrowser(shell, "", 0), true);
  assert.equal(needsBrowser(shell, "数据库".repeat(100), 0), false, "text of its own");
  assert.equal(needsBrowser(shell, "", 12), false, "a list page's links");
  assert.equal(needsBrowser('<html><script>x()</script><body><div id="app"></div></body></html>', "", 0), false, "one script");
});

test("a host listed for the browser is rendered whatever the job's mode", () => {
  const settings = { fetchMode: "http" as const, browserHosts: ["spa.example.com"] };
  assert.equal(fetchModeFor(settings, "SPA.example.com"), "browser");
  assert.equal(fetchModeFor(settings, "www.example.com"), "http");
  assert.equal(fetchModeFor({ ...settings, fetchMode: "auto" }, "www.example.com"), "auto");
});
