/**
 * Parse time of hostile page shapes and throughput on ordinary pages (bench, not a test):
 * `npm run bench:parse -- --mib 5 --rounds 5`. Prints milliseconds per shape: parsing is linear in
 * the page's size whatever its shape (dom-text.ts, nesting.ts), and a page longer than
 * MAX_PARSE_CHARS is read only that far (parse.ts). Then pages a second over the pages of the
 * realistic sample web (Chinese journal lists, articles, a portal) and of the generated test web.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { parseHtml } from "../lib/rules/parse";
import { buildRealWeb } from "../lib/realweb/build";
import { loadBundledSample } from "../lib/realweb/corpora";
import { generateTestWeb } from "../lib/testweb/generator";
import { renderPage } from "../lib/testweb/render";

const { values } = parseArgs({ options: { mib: { type: "string", default: "5" }, rounds: { type: "string", default: "5" } } });
const mib = Number(values.mib);
const rounds = Number(values.rounds);
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

/**
 * Pages parsed a second of CPU over `pages`, each parsed `rounds` times after one warm-up round;
 * the best round counts. CPU time, not wall time: on a machine shared with other work the wall
 * clock measures the neighbours as much as the parser.
 */
function measurePagesPerSecond(name: string, pages: { url: string; html: string }[]): void {
  for (const p of pages) parseHtml(p.html, p.url);
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage();
    for (const p of pages) parseHtml(p.html, p.url);
    const used = process.cpuUsage(cpu);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  const kib = pages.reduce((n, p) => n + p.html.length, 0) / pages.length / 1024;
  console.log(`${name}: ${pages.length} pages of ${kib.toFixed(1)} K chars on average, ${((pages.length * 1000) / best).toFixed(0)} pages/s of CPU (best of ${rounds})`);
}

/**
 * A portal page of about 30 K characters, the size of the pages the design's throughput figures
 * were measured on: a menu, a table of figures, and lists of titles with dates, tags and a pager.
 */
function portalPage(titles: string[], n: number): string {
  const item = (t: string, k: number) => `<li><a href="/a/${n}/${k}.html"><span class="t">${t}</span></a> <em>2024-0${(k % 9) + 1}-1${k % 10}</em></li>`;
  const lists = Array.from({ length: 6 }, (_, s) => `<h2>栏目${s}</h2><ul>${titles.slice(s * 25, s * 25 + 25).map(item).join("\n")}</ul>`);
  const rows = titles.slice(0, 20).map((t, k) => `<tr><td>${k}</td><td>${t}</td><td>${k * 7}</td></tr>`).join("");
  const pager = Array.from({ length: 10 }, (_, k) => `<a href="/p/${k}">${k + 1}</a>`).join(" ") + ' <a href="/p/next">下一页</a>';
  return `<!doctype html><html><head><title>门户 ${n}</title></head><body><nav>${titles.slice(0, 12).map((t, k) => `<a href="/c/${k}">${t.slice(0, 4)}</a>`).join(" | ")}</nav>` +
    `<div class="main">${lists.join("")}<table>${rows}</table><p>${titles.slice(150, 160).join("。")}</p><div class="pager">${pager}</div></div><footer>版权所有</footer></body></html>`;
}

const sample = loadBundledSample(path.resolve(import.meta.dirname, "data/csl-dev.tsv"));
const real = buildRealWeb(sample, 1);
measurePagesPerSecond("realistic sample web", [...real.pages].flatMap(([url, p]) => ("html" in p ? [{ url, html: p.html() }] : [])));
const paperTitles = sample.papers.map((p) => p.title);
measurePagesPerSecond("portal list pages", Array.from({ length: 200 }, (_, n) => ({
  url: `http://portal.test/${n}.html`, html: portalPage([...paperTitles.slice(n), ...paperTitles].slice(0, 160), n),
})));
const test = generateTestWeb({ seed: 1, pages: 2000 });
measurePagesPerSecond("generated test web", test.pages.map((p) => ({ url: `http://${p.host}${p.path}`, html: renderPage(test, p) })));
