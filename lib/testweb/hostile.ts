/**
 * The hostile part of the test web: hosts that misbehave the way real servers do (slow, endless,
 * huge, compressed bombs, redirect loops, wrong charsets, rate limits, errors, traps, mirrors,
 * documents). `HOSTILE_CASES` says what the crawler must record for each URL; the integration
 * test crawls `http://hostile.test/` and checks every one.
 */
import type http from "node:http";
import zlib from "node:zlib";
import iconv from "iconv-lite";

export const HOSTILE_PORTAL = "http://hostile.test/";

/** A URL of the hostile web and the outcome the crawler must store for it. */
export interface HostileCase {
  url: string;
  /** done = stored as a page; failed/skipped with `reason` (frontier last_error / skip_reason). */
  expect: { status: "done" | "failed" | "skipped"; reason?: string; truncated?: boolean; duplicate?: boolean; text?: string };
  /** Reached from this page (or redirect) rather than from the portal. */
  via?: string;
}

/** The GBK sentence every wrongly labelled page carries, to check it is stored as correct Chinese. */
export const GBK_SENTENCE = "计算机网络中的数据传输与路由算法研究";
const MIRROR_TEXT = "分布式数据库系统的查询优化方法，包括代价模型、连接顺序选择和索引设计。".repeat(8);
/** Bytes a huge body sends (the crawler must stop at its body cap). */
export const HUGE_BODY_BYTES = 50 * 1024 * 1024;
/** Sizes (MiB) of the complete, well-formed long pages at http://long.test/<MiB>, off the portal. */
export const LONG_PAGE_MIB = [5, 20];
/** The sentence each long page starts with. */
export const LONG_PAGE_START = "长页面的开头：农业机械化与智能农机装备";
const longPages = new Map<number, Buffer>();
function longPage(mib: number): Buffer {
  let b = longPages.get(mib);
  if (!b) {
    const unit = '<p>大量重复的段落，每段都有一个<a href="/x">链接</a>。</p>\n';
    const head = `<!doctype html><html><head><meta charset="utf-8"><title>长页面 ${mib} MiB</title></head><body><p>${LONG_PAGE_START}</p>\n`;
    const n = Math.floor((mib * 1024 * 1024 - head.length) / Buffer.byteLength(unit));
    b = Buffer.from(`${head}${unit.repeat(n)}</body></html>`);
    longPages.set(mib, b);
  }
  return b;
}
/** How long a rate-limited host asks the crawler to wait, in seconds. */
export const RETRY_AFTER_SEC = 1;

export const HOSTILE_CASES: HostileCase[] = [
  { url: "http://slow.test/", expect: { status: "failed", reason: "timeout" } },
  { url: "http://hang.test/headers", expect: { status: "failed", reason: "timeout" } },
  { url: "http://hang.test/body", expect: { status: "failed", reason: "timeout" } },
  { url: "http://loop.test/a", expect: { status: "failed", reason: "redirect-loop" } },
  { url: "http://loop.test/chain/1", expect: { status: "failed", reason: "too-many-redirects" } },
  { url: "http://loop.test/hop", expect: { status: "done" } },
  { url: "http://loop.test/away", expect: { status: "skipped", reason: "redirect-offsite" } },
  { url: "http://landing.test/", expect: { status: "done" }, via: "http://loop.test/away" },
  { url: "http://loop.test/to-private", expect: { status: "failed", reason: "redirect-robots" } },
  { url: "http://big.test/", expect: { status: "done", truncated: true } },
  { url: "http://bomb.test/", expect: { status: "done", truncated: true } },
  { url: "http://gbk.test/utf8-label", expect: { status: "done", text: GBK_SENTENCE } },
  { url: "http://gbk.test/meta-only", expect: { status: "done", text: GBK_SENTENCE } },
  { url: "http://gbk.test/no-label", expect: { status: "done", text: GBK_SENTENCE } },
  { url: "http://busy.test/", expect: { status: "done" } },
  { url: "http://broken.test/", expect: { status: "failed", reason: "http-500" } },
  { url: "http://robots.test/", expect: { status: "done" } },
  { url: "http://robots.test/private/secret.html", expect: { status: "skipped", reason: "robots" }, via: "http://robots.test/" },
  { url: "http://calendar.test/cal?month=2024-01", expect: { status: "done" } },
  { url: "http://session.test/page?sid=0", expect: { status: "done" } },
  { url: "http://mirror-a.test/", expect: { status: "done" } },
  { url: "http://mirror-b.test/", expect: { status: "done", duplicate: true }, via: "http://mirror-a.test/" },
  { url: "http://docs.test/report.pdf", expect: { status: "skipped", reason: "not-html:application/pdf" } },
  { url: "http://docs.test/paper.doc", expect: { status: "skipped", reason: "not-html:application/msword" } },
  { url: "http://169.254.169.254/latest/meta-data/", expect: { status: "failed", reason: "blocked-address" } },
  { url: "http://segments.test/a/a/a/a/", expect: { status: "skipped", reason: "trap:repeated-segment" } },
];

/** Virtual host names served by the hostile handler. */
export const HOSTILE_HOSTS = new Set([
  "hostile.test", "long.test", ...HOSTILE_CASES.map((c) => new URL(c.url).hostname).filter((h) => h.endsWith(".test")),
]);

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

let bomb: Promise<Buffer> | undefined;
/** 100 MB of zeros, gzip-compressed to about 100 KB: made once, off the event loop. */
export function gzipBomb(): Promise<Buffer> {
  bomb ??= new Promise((resolve, reject) =>
    zlib.gzip(Buffer.alloc(100 * 1024 * 1024), { level: 6 }, (err, out) => (err ? reject(err) : resolve(out))));
  return bomb;
}

const busyHits = new Map<string, number>();

const EVENT_WORDS = ["讲座", "会议", "展览", "比赛", "培训", "研讨", "音乐会", "读书会", "开放日", "招聘", "答辩", "演出",
  "lecture", "workshop", "seminar", "concert", "exhibition", "meetup", "hackathon", "festival", "webinar", "tour"];

/** A month's own event list, so that months are not near-duplicates of each other (only the query-variant limit stops them). */
function monthEvents(n: number): string {
  let x = n * 2654435761 % 4294967296;
  return Array.from({ length: 40 }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return EVENT_WORDS[x % EVENT_WORDS.length] + (x % 31);
  }).join(" ");
}

/** Answer a request to a hostile host; returns false when the host is not one of them. */
export function serveHostile(host: string, path: string, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!HOSTILE_HOSTS.has(host)) return false;
  const html = (status: number, body: string | Buffer, headers: Record<string, string | number> = {}) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
    res.end(body);
  };
  const redirect = (to: string) => html(302, "", { location: to });
  if (path === "/robots.txt") {
    return html(200, host === "robots.test" || host === "loop.test" ? "User-agent: *\nDisallow: /private/\nCrawl-delay: 1\n" : "", { "content-type": "text/plain" }), true;
  }
  const key = `${host}${path}`;
  switch (key) {
    case "hostile.test/": {
      const links = HOSTILE_CASES.filter((c) => !c.via).map((c) => `<li><a href="${c.url}">${c.url}</a></li>`);
      html(200, page("Hostile test web 恶劣测试网络", `<p>Every link below misbehaves in its own way.</p><ul>${links.join("")}</ul>`));
      break;
    }
    case "slow.test/": {
      // A byte per second: headers arrive, the body never completes within any sane timeout.
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write("x")), 1000);
      res.on("close", () => clearInterval(timer));
      break;
    }
    case "hang.test/headers":
      req.socket.setTimeout(0); // never answer
      break;
    case "hang.test/body":
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write("<html><body><p>this body never ends");
      break;
    case "loop.test/a": redirect("/b"); break;
    case "loop.test/b": redirect("/a"); break;
    case "loop.test/hop": redirect("/landed"); break;
    case "loop.test/landed": html(200, page("Landed 着陆页", "<p>Reached through a same-host redirect.</p>")); break;
    case "loop.test/away": redirect("http://landing.test/"); break;
    case "loop.test/to-private": redirect("/private/x.html"); break;
    case "landing.test/": html(200, page("Landing 另一主机", "<p>Reached through a redirect from another host.</p>")); break;
    case "big.test/": {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": HUGE_BODY_BYTES });
      const chunk = Buffer.alloc(64 * 1024, "<p>大量重复的内容 huge body</p>\n");
      let sent = 0;
      const pump = () => {
        while (sent < HUGE_BODY_BYTES && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => { sent = HUGE_BODY_BYTES; });
      pump();
      break;
    }
    case "long.test/5": case "long.test/20": html(200, longPage(Number(key.split("/")[1]))); break;
    case "bomb.test/": void gzipBomb().then((b) => html(200, b, { "content-encoding": "gzip" })); break;
    case "gbk.test/utf8-label": html(200, iconv.encode(page("GBK 标为 UTF-8", `<p>${GBK_SENTENCE}。</p>`).replace('<meta charset="utf-8">', ""), "gbk")); break;
    case "gbk.test/meta-only":
      html(200, iconv.encode(page("GBK 仅 meta", `<p>${GBK_SENTENCE}。</p>`).replace('<meta charset="utf-8">', '<meta http-equiv="Content-Type" content="text/html; charset=gbk">'), "gbk"), { "content-type": "text/html" });
      break;
    case "gbk.test/no-label":
      html(200, iconv.encode(page("GBK 无标注", `<p>${GBK_SENTENCE}。${GBK_SENTENCE}。</p>`).replace('<meta charset="utf-8">', ""), "gbk"), { "content-type": "text/html" });
      break;
    case "busy.test/": {
      const n = (busyHits.get(key) ?? 0) + 1;
      busyHits.set(key, n);
      if (n === 1) html(429, "slow down", { "retry-after": RETRY_AFTER_SEC });
      else html(200, page("Busy 繁忙", "<p>Served after the Retry-After wait.</p>"));
      break;
    }
    case "broken.test/": html(500, "internal error"); break;
    case "robots.test/": html(200, page("Robots 规则", `<p>Crawl-delay 1 and a disallowed directory.</p><a href="/private/secret.html">secret</a>`)); break;
    // Identical main text; the first links to the second so that they are stored one after the other.
    case "mirror-a.test/": html(200, page("镜像站点", `<p>${MIRROR_TEXT}</p><ul><li><a href="http://mirror-b.test/">镜像</a></li></ul>`)); break;
    case "mirror-b.test/": html(200, page("镜像站点", `<p>${MIRROR_TEXT}</p><ul><li><a href="http://mirror-a.test/">镜像</a></li></ul>`)); break;
    case "docs.test/report.pdf": html(200, Buffer.from("%PDF-1.4\n% not really\n"), { "content-type": "application/pdf" }); break;
    case "docs.test/paper.doc": html(200, Buffer.alloc(4096, 0xd0), { "content-type": "application/msword" }); break;
    default:
      if (host === "calendar.test" && path === "/cal") {
        // An endless calendar: every month links to the next and the previous one.
        const month = new URL(req.url ?? "/", "http://x").searchParams.get("month") ?? "2024-01";
        const [y, m] = month.split("-").map(Number);
        const fmt = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
        const next = fmt(new Date(Date.UTC(y, m, 1)));
        const prev = fmt(new Date(Date.UTC(y, m - 2, 1)));
        html(200, page(`日历 ${month}`, `<p>Events of ${month}: ${monthEvents(y * 12 + m)}</p><a href="/cal?month=${next}">next</a> <a href="/cal?month=${prev}">prev</a>`));
      } else if (host === "session.test" && path === "/page") {
        // Each visit mints a new session id into every link: endless variants of one page.
        const sid = Number(new URL(req.url ?? "/", "http://x").searchParams.get("sid") ?? 0) + 1;
        html(200, page("会话", `<p>Session page.</p><a href="/page?sid=${sid}">again</a>`));
      } else if (host === "loop.test" && path.startsWith("/chain/")) {
        redirect(`/chain/${Number(path.split("/")[2]) + 1}`);
      } else if (host === "segments.test") {
        html(200, page("Segments", "<p>Repeated path segments.</p>"));
      } else html(404, "not found");
  }
  return true;
}
