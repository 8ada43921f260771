/**
 * Parse time of hostile page shapes (bench, not a test): `npm run bench:parse -- --mib 5`.
 * Prints milliseconds per shape: parsing is linear in the page's size whatever its shape (dom-text.ts,
 * nesting.ts), and a page longer than MAX_PARSE_CHARS is read only that far (parse.ts).
 */
import { parseArgs } from "node:util";
import { parseHtml } from "../lib/rules/parse";

const { values } = parseArgs({ options: { mib: { type: "string", default: "5" } } });
const mib = Number(values.mib);
const SHAPES: Record<string, (n: number) => string> = {
  "unclosed <p>": (n) => "<p>计算机网络数据库".repeat(n),
  "closed <p>": (n) => "<p>大量重复的内容 huge body</p>\n".repeat(n),
  "links in <p>": (n) => '<p><a href="/x1">link</a> text</p>'.repeat(n),
  "one link per nested <div> (depth 2,000)": (n) => '<div><a href="/x">a</a> t'.repeat(2000) + "<p>正文</p>".repeat(n) + "</div>".repeat(2000),
  "nested <div>s": (n) => "<div>".repeat(n) + "深处" + "</div>".repeat(n),
  "links nested in links": (n) => '<a href="/n"><b>层层链接 '.repeat(n),
};
for (const [name, make] of Object.entries(SHAPES)) {
  const unit = make(1).length;
  const html = `<html><head><title>t</title></head><body>${make(Math.floor((mib * 1024 * 1024) / unit))}</body></html>`;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const page = parseHtml(html, "http://bench.test/");
  const used = process.cpuUsage(cpu);
  console.log(`${name}: ${(html.length / 1048576).toFixed(1)} M chars in ${(performance.now() - t).toFixed(0)} ms ` +
    `(${((used.user + used.system) / 1000).toFixed(0)} ms of CPU, garbage collection included) ` +
    `(main text ${page.mainText.length} chars, ${page.links.length} links)`);
}
