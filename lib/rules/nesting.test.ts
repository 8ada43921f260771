import assert from "node:assert/strict";
import { test } from "node:test";
import { flattenDeepNesting } from "./nesting";
import { parseHtml } from "./parse";

test("pages of ordinary depth are left exactly as they are", () => {
  const html = `<html><head><title>t</title><script>var s = "<div><div><div>";</script></head><body>
    <!-- <div><div> --><div><p>一<p>二<ul><li>三<li>四</ul><img src=x><br></div></body></html>`;
  assert.deepEqual(flattenDeepNesting(html, 3), { html, flattened: 0 }, "script text, comments, p, li and void elements do not deepen a page");
});

test("opening tags past the cap go with their closing tags, and the text stays", () => {
  const { html, flattened } = flattenDeepNesting(`${"<div>".repeat(5)}深处<b>粗</b>${"</div>".repeat(5)}<span>后</span>`, 3);
  assert.equal(flattened, 3);
  assert.equal(html, "<div><div><div>深处粗</div></div></div><span>后</span>");
});

test("a page of 20,000 nested elements parses with all its text and links", () => {
  const depth = 20_000;
  const page = parseHtml(`<body>${'<div><a href="/x">链接</a> 文字'.repeat(depth)}${"</div>".repeat(depth)}</body>`, "http://e.test/");
  assert.equal(page.links.length, 1);
  assert.equal((page.mainText.match(/文字/g) ?? []).length, depth);
});

test("an unclosed comment or script ends the scan instead of being searched again for every tag", () => {
  const html = `${"<div>".repeat(10)}<!-- never closed ${"<div>".repeat(10)}`;
  assert.deepEqual(flattenDeepNesting(html, 5), { html: `${"<div>".repeat(5)}<!-- never closed ${"<div>".repeat(10)}`, flattened: 5 });
});
