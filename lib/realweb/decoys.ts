/**
 * Two sites that test whether a crawl learns what a site turned out to be (docs/ALGORITHMS.md §2.8):
 *
 * - the **decoy**, 学术资源共享平台: its topic pages (专题, one per CLC class the journals cover)
 *   quote three real abstracts of the class and score well for it, and link hundreds of download
 *   pages of boilerplate that are relevant to nothing (and link each other);
 * - the **plain-entry site**, 文库: a home page and column pages with nothing but "栏目 3",
 *   "文档 1041", and behind them article pages with the abstracts of a tenth of the papers
 *   (moved from the journals, so they are found here or nowhere).
 */
import { createRng } from "../testweb/random";
import type { Paper } from "./corpora";
import { doc, esc, links } from "./html";
import { DISCIPLINE_TO_CLC, isUnder } from "./labels";
import type { RealHost, RealPage } from "./page-types";

/** The decoy's host. */
export const DECOY_HOST = "www.xueshu-ziyuan.cn";
/** The plain-entry site's host. */
export const PLAIN_HOST = "www.keyan-wenku.cn";
/** Both hosts, for the portal's list. */
export const DECOY_HOSTS = [DECOY_HOST, PLAIN_HOST];

/** Download pages of the decoy (its "hundreds of inner pages"). */
export const DECOY_ITEMS = 600;
/** Classes the decoy has a topic page for (when the journals hold papers of them). */
const DECOY_CLASSES = ["TP", "R", "F", "S", "G", "K", "O", "Q", "D", "TU"];
const PER_COLUMN = 20;

/** Whether the `i`-th paper of the corpus goes to the plain-entry site instead of its journal. */
export const isHiddenPaper = (i: number) => i % 10 === 9;

const BOILERPLATE = [
  "本站资源均来自网友上传，仅供学习交流使用。", "会员登录后即可下载，每日下载次数有限。", "如需开通高级会员，请联系在线客服。",
  "下载前请确认文件格式与版本。", "本资源已通过安全检测，请放心使用。", "积分不足时可通过签到或上传资料获取。",
  "如发现链接失效，请在评论区留言。", "版权归原作者所有，如有侵权请联系删除。", "热门推荐：更多资料请进入会员中心。",
  "支持断点续传，建议使用电脑端下载。", "本周下载排行已更新，欢迎浏览。", "新用户注册即送积分。",
];

type Add = (url: string, page: RealPage) => void;

/** Add the decoy and the plain-entry site to the web (`papers`: the journals' papers, `hidden`: the plain site's); returns their hosts. */
export function addDecoySites(o: { add: Add; seed: number; papers: Paper[]; hidden: Paper[] }): RealHost[] {
  addDecoy(o.add, o.seed, o.papers);
  addPlainSite(o.add, o.hidden);
  return [
    { name: DECOY_HOST, title: "学术资源共享平台", charset: "utf-8", charsetLabel: "header" },
    { name: PLAIN_HOST, title: "文库", charset: "utf-8", charsetLabel: "header" },
  ];
}

const codesOf = (p: Paper) => DISCIPLINE_TO_CLC[p.discipline] ?? [];
const item = (n: number) => `http://${DECOY_HOST}/item/${n}.html`;

function addDecoy(add: Add, seed: number, papers: Paper[]): void {
  const topics = DECOY_CLASSES.map((c) => ({ code: c, quoted: papers.filter((p) => isUnder(codesOf(p), c)).slice(0, 3) })).filter((t) => t.quoted.length > 0);
  const page = (kind: RealPage["kind"], title: string, body: string): RealPage =>
    ({ kind, host: DECOY_HOST, path: "", codes: [], html: () => doc(title, body, "utf-8", "header") });
  const nav = `<nav><a href="/">首页</a> · <a href="/vip.html">会员中心</a></nav>`;
  add(`http://${DECOY_HOST}/`, page("home", "学术资源共享平台", `${nav}<h1>学术资源共享平台</h1>` +
    links(topics.map((t) => ({ href: `/zhuanti/${t.code}.html`, text: `${t.quoted[0].discipline}专题` }))) + links([{ href: item(1), text: "最新资源" }])));
  add(`http://${DECOY_HOST}/vip.html`, page("list", "会员中心", `${nav}<p>${BOILERPLATE.slice(0, 4).join("")}</p>`));
  const share = Math.ceil(DECOY_ITEMS / Math.max(1, topics.length));
  topics.forEach((t, k) => {
    const quoted = t.quoted.map((p) => `<h2>${esc(p.title)}</h2><p>${esc(p.abstract)}</p><p>关键词：${esc(p.keywords.join("；"))}</p>`).join("");
    const items = Array.from({ length: share }, (_, i) => 1 + ((k * share + i) % DECOY_ITEMS));
    add(`http://${DECOY_HOST}/zhuanti/${t.code}.html`, page("list", `${t.quoted[0].discipline}专题 - 学术资源共享平台`,
      `${nav}<h1>${esc(t.quoted[0].discipline)}专题</h1>${quoted}<h2>资源下载</h2>${links(items.map((n) => ({ href: item(n), text: `资源 ${n}` })))}`));
  });
  for (let n = 1; n <= DECOY_ITEMS; n++) {
    const r = createRng(seed * 2_654_435 + n);
    const text = Array.from({ length: 5 }, () => r.pick(BOILERPLATE)).join("");
    const next = [n + 1, n + 2, n + 3, 1 + r.int(DECOY_ITEMS), 1 + r.int(DECOY_ITEMS), 1 + r.int(DECOY_ITEMS)].map((m) => 1 + ((m - 1) % DECOY_ITEMS));
    add(item(n), page("content", `资源 ${n} 下载 - 学术资源共享平台`,
      `${nav}<h1>资源 ${n}</h1><p>资源编号 ${10_000 + n}，大小 ${1 + r.int(90)} MB，下载 ${r.int(5000)} 次。${text}</p>${links(next.map((m) => ({ href: item(m), text: `资源 ${m}` })))}`));
  }
}

function addPlainSite(add: Add, hidden: Paper[]): void {
  const docUrl = (i: number) => `http://${PLAIN_HOST}/doc/${1001 + i}.html`;
  const columns = Math.ceil(hidden.length / PER_COLUMN);
  const page = (kind: RealPage["kind"], codes: string[], title: string, body: string): RealPage =>
    ({ kind, host: PLAIN_HOST, path: "", codes, html: () => doc(title, body, "utf-8", "header") });
  const nav = `<nav><a href="/">首页</a></nav>`;
  add(`http://${PLAIN_HOST}/`, page("home", [], "文库", `${nav}<h1>文库</h1><p>欢迎访问。</p>` +
    links(Array.from({ length: columns }, (_, k) => ({ href: `/lanmu/${k + 1}.html`, text: `栏目 ${k + 1}` })))));
  for (let k = 0; k < columns; k++) {
    const slice = hidden.slice(k * PER_COLUMN, (k + 1) * PER_COLUMN);
    add(`http://${PLAIN_HOST}/lanmu/${k + 1}.html`, page("list", [], `栏目 ${k + 1} - 文库`,
      `${nav}${links(slice.map((_, i) => ({ href: docUrl(k * PER_COLUMN + i), text: `文档 ${1001 + k * PER_COLUMN + i}` })))}`));
  }
  hidden.forEach((p, i) => {
    add(docUrl(i), page("content", codesOf(p), `${p.title} - 文库`,
      `${nav}<article><h1>${esc(p.title)}</h1><p>${esc(p.abstract)}</p><p>关键词：${esc(p.keywords.join("；"))}</p></article>` +
      `<p><a href="/lanmu/${Math.floor(i / PER_COLUMN) + 1}.html">返回栏目</a> ${i + 1 < hidden.length ? `<a href="${docUrl(i + 1)}">下一篇</a>` : ""}</p>`));
  });
}
