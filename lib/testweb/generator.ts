/**
 * The deterministic test web: many virtual hosts in topical clusters (CLC classes), each a
 * small site of home page, hub (list) pages and content pages, linked within the site, to
 * sites of the same topic, and through "tunnels" to other topics; plus a portal of all sites.
 */
import { createRng, mixSeed, type Rng } from "./random";
import { TEST_TOPICS, type TestTopic } from "./vocabulary";

/** One virtual host. */
export interface TestHost {
  name: string; topic: TestTopic; lang: "zh" | "en"; charset: "utf-8" | "gbk"; pageIds: number[]; hubIds: number[];
  /** Crawl-delay its robots.txt asks for, in seconds (none when undefined). */
  crawlDelaySec?: number;
  /** Its content pages link to /private/ pages that robots.txt disallows. */
  hasPrivatePages: boolean;
  /** How a GBK site says so: in the header, only in <meta>, wrongly (header says UTF-8), or not at all. */
  charsetLabel: "header" | "meta" | "wrong-header" | "none";
}

const GBK_LABELS: TestHost["charsetLabel"][] = ["header", "meta", "wrong-header", "none"];

/** One page of the test web; its text is generated on request from `id` and the seed. */
export interface TestPage { id: number; host: string; path: string; kind: "home" | "hub" | "content"; topic: string | null; links: number[] }

/** A generated test web. */
export interface TestWeb { seed: number; hosts: TestHost[]; pages: TestPage[]; portal: string; byHostPath: Map<string, TestPage> }

export const PORTAL_HOST = "portal.test";
const PAGES_PER_HOST = 200;
const ON_TOPIC_SHARE = 0.8;
const SAME_TOPIC_CROSS_LINK_SHARE = 0.75;

function makeHosts(count: number): TestHost[] {
  return Array.from({ length: count }, (_, i) => {
    const topic = TEST_TOPICS[i % TEST_TOPICS.length];
    const n = Math.floor(i / TEST_TOPICS.length) + 1;
    const lang = i % 5 === 4 ? "en" : "zh";
    // Every third Chinese site is served in GBK, as many Chinese sites are.
    const charset = lang === "zh" && i % 3 === 2 ? "gbk" : "utf-8";
    return {
      name: `${topic.slug}-${n}.test`, topic, lang, charset, pageIds: [], hubIds: [],
      crawlDelaySec: i % 4 === 1 ? 0.3 : undefined, hasPrivatePages: i % 3 === 0,
      charsetLabel: charset === "gbk" ? GBK_LABELS[Math.floor(i / 3) % GBK_LABELS.length] : "header",
    };
  });
}

/** Build the site graph for `pages` pages (at least one site per topic). */
export function generateTestWeb(opts: { seed: number; pages: number }): TestWeb {
  const rng = createRng(opts.seed);
  const hostCount = Math.max(TEST_TOPICS.length, Math.round(opts.pages / PAGES_PER_HOST));
  const hosts = makeHosts(hostCount);
  const pages: TestPage[] = [];
  const add = (p: Omit<TestPage, "id" | "links">) => {
    const page = { ...p, id: pages.length, links: [] };
    pages.push(page);
    return page;
  };
  const portal = add({ host: PORTAL_HOST, path: "/", kind: "hub", topic: null });
  const perHost = Math.max(3, Math.floor((opts.pages - 1) / hostCount));
  for (const h of hosts) {
    h.pageIds.push(add({ host: h.name, path: "/", kind: "home", topic: h.topic.code }).id);
    const hubs = Math.max(1, Math.round(perHost / 20));
    for (let k = 1; k <= hubs; k++) h.hubIds.push(add({ host: h.name, path: `/list/${k}.html`, kind: "hub", topic: h.topic.code }).id);
    h.pageIds.push(...h.hubIds);
    for (let n = 1; n <= perHost - hubs - 1; n++) {
      const topic = rng.chance(ON_TOPIC_SHARE) ? h.topic.code : rng.chance(0.5) ? rng.pick(TEST_TOPICS).code : null;
      h.pageIds.push(add({ host: h.name, path: `/a/${n}.html`, kind: "content", topic }).id);
    }
  }
  linkPages(rng, hosts, pages, portal);
  const byHostPath = new Map(pages.map((p) => [`${p.host}${p.path}`, p]));
  return { seed: opts.seed, hosts, pages, portal: `http://${PORTAL_HOST}/`, byHostPath };
}

function linkPages(rng: Rng, hosts: TestHost[], pages: TestPage[], portal: TestPage) {
  const sameTopic = new Map<string, TestHost[]>();
  for (const h of hosts) sameTopic.set(h.topic.code, [...(sameTopic.get(h.topic.code) ?? []), h]);
  const home = (h: TestHost) => h.pageIds[0];
  const crossHost = (h: TestHost) => (rng.chance(SAME_TOPIC_CROSS_LINK_SHARE) ? rng.pick(sameTopic.get(h.topic.code)!) : rng.pick(hosts));
  portal.links = hosts.map(home);
  for (const h of hosts) {
    const content = h.pageIds.slice(1 + h.hubIds.length);
    // Each hub lists its own slice of the site's content pages, so every page is reachable.
    h.hubIds.forEach((hubId, k) => {
      const slice = content.filter((_, i) => i % h.hubIds.length === k);
      pages[hubId].links = [home(h), ...h.hubIds, ...slice];
    });
    pages[home(h)].links = [...h.hubIds, ...content.slice(0, 5), ...[0, 1, 2].map(() => home(crossHost(h)))];
    for (const id of content) {
      const local = Array.from({ length: 3 + rng.int(4) }, () => rng.pick(content));
      const remote = Array.from({ length: 1 + rng.int(2) }, () => rng.pick(crossHost(h).pageIds));
      pages[id].links = [home(h), rng.pick(h.hubIds), ...local, ...remote].filter((x) => x !== id);
    }
  }
}

/** Absolute URL of a page. */
export function pageUrl(p: TestPage): string {
  return `http://${p.host}${p.path}`;
}

/** The ground truth: URL → topic, and whether it is relevant to `target` (a CLC code). */
export function labelTestWeb(web: TestWeb, target: string) {
  const pages: Record<string, { topic: string | null; relevant: boolean; kind: string }> = {};
  for (const p of web.pages) pages[pageUrl(p)] = { topic: p.topic, relevant: p.topic === target && p.kind === "content", kind: p.kind };
  return { seed: web.seed, target, relevantCount: Object.values(pages).filter((l) => l.relevant).length, pages };
}

/** Seeded random for one page's text. */
export function pageRng(web: TestWeb, page: TestPage): Rng {
  return createRng(mixSeed(web.seed, page.id));
}
