/**
 * Sites that test whether a crawl learns what a site turned out to be (docs/ALGORITHMS.md §2.8),
 * one of each kind per class the journals cover:
 *
 * - a **decoy**, 资源站 k: its home page quotes three real abstracts of the class and scores well
 *   for it, and links a hundred download pages of boilerplate that are relevant to nothing (and
 *   link each other: DECOY_ITEMS in all);
 * - a **plain-entry site**, 文库 k: a home page and column pages with nothing but "栏目 2-1",
 *   "文档 2001", and behind them article pages with the abstracts of a tenth of the class's papers
 *   (moved from the journals, so they are found here or nowhere).
 *
 * Host names say nothing of the class.
 */
import { createRng } from "../testweb/random";
import type { Paper } from "./corpora";
import { doc, esc, links } from "./html";
import { DISCIPLINE_TO_CLC, isUnder } from "./labels";
import type { RealHost, RealPage } from "./page-types";

/** Classes a decoy and a plain-entry site are made for (when the journals hold papers of them). */
export const DECOY_CLASSES = ["TP", "R", "F", "S", "G", "K", "O", "Q", "D", "TU"];
/** The decoy of each class. */
export const DECOY_SITES = DECOY_CLASSES.map((_, k) => `www.ziyuan${k + 1}.cn`);
/** The plain-entry site of each class. */
export const PLAIN_HOSTS = DECOY_CLASSES.map((_, k) => `www.wenku${k + 1}.cn`);
/** Every host of this file, for the portal's list. */
export const DECOY_HOSTS = [...DECOY_SITES, ...PLAIN_HOSTS];

/** Download pages of each decoy (its "hundreds of inner pages"), a hundred of them linked from its home page. */
export const DECOY_ITEMS = 300;
const HOME_ITEMS = 100;
const PER_COLUMN = 20;

/** Whether the `i`-th paper of the corpus goes to its class's plain-entry site instead of its journal. */
export const isHiddenPaper = (p: Paper, i: number) => i % 10 === 9 && plainSiteOf(p) >= 0;

/** The index of the plain-entry site of a paper's class (-1: none). */
const plainSiteOf = (p: Paper) => DECOY_CLASSES.findIndex((c) => isUnder(codesOf(p), c));

const BOILERPLATE = [
  "本站资源均来自网友上传，仅供学习交流使用。", "会员登录后即可下载，每日下载次数有限。", "如需开通高级会员，请联系在线客服。",
  "下载前请确认文件格式与版本。", "本资源已通过安全检测，请放心使用。", "积分不足时可通过签到或上传资料获取。",
  "如发现链接失效，请在评论区留言。", "版权归原作者所有，如有侵权请联系删除。", "热门推荐：更多资料请进入会员中心。",
  "支持断点续传，建议使用电脑端下载。", "本周下载排行已更新，欢迎浏览。", "新用户注册即送积分。",
];

type Add = (url: string, page: RealPage) => void;

/** Add the decoys and the plain-entry sites to the web (`papers`: the journals' papers, `hidden`: the plain sites'); returns their hosts. */
export function addDecoySites(o: { add: Add; seed: number; papers: Paper[]; hidden: Paper[] }): RealHost[] {
  const hosts: RealHost[] = [];
  DECOY_CLASSES.forEach((code, k) => {
    const quoted = o.papers.filter((p) => isUnder(codesOf(p), code)).slice(0, 3);
    if (quoted.length > 0) {
      addDecoy(o.add, o.seed, DECOY_SITES[k], k, quoted);
      hosts.push({ name: DECOY_SITES[k], title: `资源站 ${k + 1}`, charset: "utf-8", charsetLabel: "header" });
    }
    const hidden = o.hidden.filter((p) => plainSiteOf(p) === k);
    if (hidden.length > 0) {
      addPlainSite(o.add, PLAIN_HOSTS[k], k, hidden);
      hosts.push({ name: PLAIN_HOSTS[k], title: `文库 ${k + 1}`, charset: "utf-8", charsetLabel: "header" });
    }
  });
  return hosts;
}

const codesOf = (p: Paper) => DISCIPLINE_TO_CLC[p.discipline] ?? [];
/** The `k`-th decoy on `host`: a home page quoting `quoted`'s abstracts, and DECOY_ITEMS download pages. */
function addDecoy(add: Add, seed: number, host: string, k: number, quoted: Paper[]): void {
  const item = (n: number) => `http://${host}/item/${n}.html`;
  const page = (kind: RealPage["kind"], title: string, body: string): RealPage =>
    ({ kind, host, path: "", codes: [], html: () => doc(title, body, "utf-8", "header") });
  const nav = `<nav><a href="/">首页</a> · <a href="/vip.html">会员中心</a></nav>`;
  const quotes = quoted.map((p) => `<h2>${esc(p.title)}</h2><p>${esc(p.abstract)}</p><p>关键词：${esc(p.keywords.join("；"))}</p>`).join("");
  add(`http://${host}/`, page("home", `${quoted[0].discipline}资料 - 资源站 ${k + 1}`, `${nav}<h1>${esc(quoted[0].discipline)}资料</h1>${quotes}` +
    `<h2>资源下载</h2>${links(Array.from({ length: HOME_ITEMS }, (_, i) => ({ href: item(i + 1), text: `资源 ${k + 1}-${i + 1}` })))}`));
  add(`http://${host}/vip.html`, page("list", `会员中心 - 资源站 ${k + 1}`, `${nav}<p>资源站 ${k + 1}。${BOILERPLATE.slice(0, 4).join("")}</p>`));
  for (let n = 1; n <= DECOY_ITEMS; n++) {
    const r = createRng(seed * 2_654_435 + k * 10_000 + n);
    const text = Array.from({ length: 5 }, () => r.pick(BOILERPLATE)).join("");
    const next = [n + 1, n + 2, n + 3, 1 + r.int(DECOY_ITEMS), 1 + r.int(DECOY_ITEMS), 1 + r.int(DECOY_ITEMS)].map((m) => 1 + ((m - 1) % DECOY_ITEMS));
    add(item(n), page("content", `资源 ${k + 1}-${n} 下载 - 资源站 ${k + 1}`,
      `${nav}<h1>资源 ${k + 1}-${n}</h1><p>资源编号 ${k + 1}-${10_000 + n}，大小 ${1 + r.int(90)} MB，下载 ${r.int(5000)} 次。${text}</p>` +
      links(next.map((m) => ({ href: item(m), text: `资源 ${k + 1}-${m}` })))));
  }
}

/** The `k`-th plain-entry site; its pages' texts differ from the other plain sites' (identical ones would be duplicates, their links not followed). */
function addPlainSite(add: Add, host: string, k: number, hidden: Paper[]): void {
  const first = 1001 + 1000 * k;
  const docUrl = (i: number) => `http://${host}/doc/${first + i}.html`;
  const columns = Math.ceil(hidden.length / PER_COLUMN);
  const page = (kind: RealPage["kind"], codes: string[], title: string, body: string): RealPage =>
    ({ kind, host, path: "", codes, html: () => doc(title, body, "utf-8", "header") });
  const nav = `<nav><a href="/">首页</a></nav>`;
  add(`http://${host}/`, page("home", [], `文库 ${k + 1}`, `${nav}<h1>文库 ${k + 1}</h1><p>欢迎访问第 ${k + 1} 文库。</p>` +
    links(Array.from({ length: columns }, (_, c) => ({ href: `/lanmu/${c + 1}.html`, text: `栏目 ${k + 1}-${c + 1}` })))));
  for (let c = 0; c < columns; c++) {
    const slice = hidden.slice(c * PER_COLUMN, (c + 1) * PER_COLUMN);
    add(`http://${host}/lanmu/${c + 1}.html`, page("list", [], `栏目 ${k + 1}-${c + 1} - 文库 ${k + 1}`,
      `${nav}${links(slice.map((_, i) => ({ href: docUrl(c * PER_COLUMN + i), text: `文档 ${first + c * PER_COLUMN + i}` })))}`));
  }
  hidden.forEach((p, i) => {
    add(docUrl(i), page("content", codesOf(p), `${p.title} - 文库`,
      `${nav}<article><h1>${esc(p.title)}</h1><p>${esc(p.abstract)}</p><p>关键词：${esc(p.keywords.join("；"))}</p></article>` +
      `<p><a href="/lanmu/${Math.floor(i / PER_COLUMN) + 1}.html">返回栏目</a> ${i + 1 < hidden.length ? `<a href="${docUrl(i + 1)}">下一篇</a>` : ""}</p>`));
  });
}
