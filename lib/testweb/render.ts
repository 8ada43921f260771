/** HTML of a test-web page, generated from its id and the seed (nothing is stored). */
import { pageRng, pageUrl, type TestHost, type TestPage, type TestWeb } from "./generator";
import type { Rng } from "./random";
import { FILLER_EN, FILLER_ZH, TEST_TOPICS } from "./vocabulary";

const TOPIC_WORD_SHARE = 0.35;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function words(rng: Rng, topicCode: string | null, lang: "zh" | "en", count: number): string[] {
  const topic = TEST_TOPICS.find((t) => t.code === topicCode);
  const vocab = topic ? (lang === "zh" ? topic.zh : topic.en) : [];
  const filler = lang === "zh" ? FILLER_ZH : FILLER_EN;
  return Array.from({ length: count }, () => (vocab.length && rng.chance(TOPIC_WORD_SHARE) ? rng.pick(vocab) : rng.pick(filler)));
}

function sentence(rng: Rng, topic: string | null, lang: "zh" | "en"): string {
  const w = words(rng, topic, lang, 8 + rng.int(10));
  return lang === "zh" ? `${w.join("")}。` : `${w.join(" ")}.`;
}

function titleOf(web: TestWeb, page: TestPage, host: TestHost | undefined): string {
  if (!host) return "Test Web Portal 测试网络门户";
  const rng = pageRng(web, page);
  const topicWords = words(rng, page.topic, host.lang, 3).join(host.lang === "zh" ? "" : " ");
  if (page.kind === "home") return `${host.name} ${host.topic.name}`;
  if (page.kind === "hub") return `${host.topic.name} ${page.path}`;
  return host.lang === "zh" ? `${topicWords} 第${page.id}篇` : `${topicWords} #${page.id}`;
}

function anchorFor(web: TestWeb, target: TestPage): string {
  const host = web.hosts.find((h) => h.name === target.host);
  return esc(titleOf(web, target, host));
}

/** Render a page as a complete HTML document (UTF-8 string; the server encodes it). */
export function renderPage(web: TestWeb, page: TestPage): string {
  const host = web.hosts.find((h) => h.name === page.host);
  const lang = host?.lang ?? "zh";
  const rng = pageRng(web, page);
  const title = titleOf(web, page, host);
  const paragraphs = page.kind === "content"
    ? Array.from({ length: 3 + rng.int(4) }, () => `<p>${Array.from({ length: 3 + rng.int(3) }, () => sentence(rng, page.topic, lang)).join("")}</p>`)
    : [`<p>${sentence(rng, page.topic, lang)}</p>`];
  const links = page.links.map((id) => web.pages[id]).map((t) => `<li><a href="${pageUrl(t)}">${anchorFor(web, t)}</a></li>`);
  if (host?.hasPrivatePages && page.kind === "content") links.push(`<li><a href="/private/${page.id}.html">内部资料 internal</a></li>`);
  const charset = host?.charset ?? "utf-8";
  const meta = !host || host.charsetLabel === "header" || host.charsetLabel === "meta" ? `<meta charset="${charset}">` : "";
  return `<!doctype html>
<html lang="${lang === "zh" ? "zh-CN" : "en"}"><head>${meta}<title>${esc(title)}</title></head>
<body><nav><a href="/">${lang === "zh" ? "首页" : "Home"}</a></nav>
<h1>${esc(title)}</h1>
<article>${paragraphs.join("\n")}</article>
<ul class="links">${links.join("\n")}</ul>
<footer>${esc(page.host)} © test web</footer></body></html>`;
}

/** robots.txt of a host: everything allowed but /private/, and a Crawl-delay on some hosts. */
export function renderRobots(host: TestHost | undefined): string {
  return `User-agent: *\nDisallow: /private/\n${host?.crawlDelaySec ? `Crawl-delay: ${host.crawlDelaySec}\n` : ""}`;
}
