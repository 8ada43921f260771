import assert from "node:assert/strict";
import { test } from "node:test";
import { replayLinkTargets, rewriteForReplay } from "./replay-rewrite";

const PAGE = "http://site.test/dir/page.html";
const captured = new Set(["http://site.test/dir/a.html", "http://other.test/b"]);
/** As the store does: the target's canonical key (here, without its fragment) decides. */
const linkFor = (url: string) => {
  const key = url.replace(/#.*$/, "");
  return { href: `/jobs/1/replay?url=${encodeURIComponent(key)}`, isCaptured: captured.has(key) };
};
const rewrite = (html: string) => rewriteForReplay(html, PAGE, linkFor, "此链接未被抓取");

test("scripts, handlers, frames, meta refresh, <base> and form targets are gone", () => {
  const doc = rewrite(`<html><head><meta http-equiv="refresh" content="0;url=http://evil.test/"><base href="http://site.test/x/">
    <script>alert(1)</script></head><body onload="alert(2)"><p onclick="alert(3)">文字</p>
    <iframe src="http://evil.test/"></iframe><object data="x.swf"></object><form action="http://evil.test/post"><button formaction="http://evil.test/b">b</button></form>
    <svg><script>alert(4)</script><a xlink:href="javascript:alert(5)">s</a></svg><a href="javascript:alert(6)">js</a>
    <a href="a.html" download="x.html" ping="http://evil.test/ping">dl</a></body></html>`);
  assert.doesNotMatch(doc.html, /alert|<script|onload|onclick|<iframe|<object|http-equiv|<base|evil\.test|javascript:|download=|ping=/i);
  assert.match(doc.html, /文字/);
  assert.match(doc.html, /<meta charset="utf-8">/);
});

test("links lead to their replays, and an uncaptured one says it was not captured", () => {
  const doc = rewrite(`<a href="a.html">A</a> <a href="http://other.test/b#part">B</a> <a href="/c.html">C</a> <a href="#top">top</a> <a href="mailto:x@y.test">mail</a>`);
  assert.deepEqual(doc.links, { captured: 2, missing: 1 });
  assert.match(doc.html, /href="\/jobs\/1\/replay\?url=http%3A%2F%2Fsite.test%2Fdir%2Fa.html" target="_top" rel="noreferrer" data-replay="captured"/);
  assert.match(doc.html, /href="\/jobs\/1\/replay\?url=http%3A%2F%2Fsite.test%2Fc.html"[^>]*data-replay="missing" title="此链接未被抓取"/);
  assert.match(doc.html, /href="#top"/);
  assert.doesNotMatch(doc.html, /mailto:/);
});

test("links resolve against the page's <base href> before it is removed", () => {
  assert.deepEqual(replayLinkTargets(`<base href="http://site.test/other/"><a href="x.html">x</a>`, PAGE), ["http://site.test/other/x.html"]);
  assert.deepEqual(replayLinkTargets(`<a href="x.html">x</a><a href="x.html">again</a><a href="ftp://f.test/">f</a>`, PAGE), ["http://site.test/dir/x.html"]);
});

test("resources load from data: URLs only; the others are dropped and counted", () => {
  const doc = rewrite(`<head><link rel="stylesheet" href="s.css"><style>@import "t.css"; body{background:url(http://cdn.test/bg.png)} i{background:url(data:image/png;base64,AA==)}</style></head>
    <body><img src="http://cdn.test/a.png" srcset="a2.png 2x" alt="a"><img src="data:image/gif;base64,R0lGOD" alt="d">
    <div style="background-image:url('/x.png')">x</div><video poster="p.png" src="v.mp4"></video><svg><use href="http://cdn.test/i.svg#a"/></svg></body>`);
  assert.doesNotMatch(doc.html, /s\.css|t\.css|cdn\.test|a2\.png|\/x\.png|p\.png|v\.mp4/);
  assert.match(doc.html, /data:image\/gif;base64,R0lGOD/);
  assert.match(doc.html, /url\(data:image\/png;base64,AA==\)/);
  assert.equal(doc.resourcesDropped, 8);
});

test("Chinese text decoded from GBK stays as it was", () => {
  const doc = rewrite(`<html><head><meta charset="gbk"><title>金融新闻</title></head><body><p>人民币汇率</p></body></html>`);
  assert.match(doc.html, /<title>金融新闻<\/title>/);
  assert.match(doc.html, /人民币汇率/);
  assert.doesNotMatch(doc.html, /gbk/i);
});

/** Everything the browser would find in `html`, parsed as it will parse it (parse5, the HTML standard's parser, as Chromium's). */
const liveReferences = (html: string) => /live\.test/.test(html.replace(/url=http%3A%2F%2Flive\.test[^"]*/g, ""));

test("a style whose stripped text would close its element stays text: its '<' is escaped", () => {
  const doc = rewrite(`<style></sty@import ;le><a href="https://live.test/x" target=_top>x</a><link rel=preconnect href=https://live.test></style><p>文字</p>`);
  assert.equal(doc.isSnapshot, false);
  assert.doesNotMatch(doc.html, /<\/style><a|<link/);
  assert.match(doc.html, /\\3c \/style>/);
});

test("markup built to change shape when read again (MathML around a <style>) is shown as its text-only snapshot", () => {
  for (const tag of ["style", "xmp", "noembed", "noframes"]) {
    const doc = rewrite(`<p>正文</p><math><mtext><table><mglyph><${tag}><p><a href="https://live.test/" target=_top>go</a><link rel=preconnect href=https://live.test></${tag}>`);
    assert.equal(liveReferences(doc.html), false, `${tag}: ${doc.html}`);
    assert.doesNotMatch(doc.html, /<link|target="_top" href="https/);
    assert.match(doc.html, /正文/);
  }
});

test("a rewritten page reads back as written: rewriting it again finds nothing more to change", () => {
  const doc = rewrite(`<html><head><style>p{color:red}</style></head><body><a href="a.html">A</a><a href="/c.html">C</a><img src="data:image/gif;base64,R0lGOD"></body></html>`);
  assert.equal(doc.isSnapshot, false);
  assert.deepEqual(doc.links, { captured: 1, missing: 1 });
});
