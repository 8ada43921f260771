/**
 * Interface text of the monitoring pages (home, workers) and the labels that turn the crawler's
 * codes (finish reasons, page kinds, settings keys, what made a priority, charset sources) into
 * words, in Simplified Chinese and English. A code without a label is shown as it is.
 */
import { translator, type Locale, type MessageKey } from "./messages";

const zh = {
  navWorkers: "工作进程",
  navMenu: "菜单",
  homeFilterAll: "全部",
  homeFilterActive: "进行中",
  homeFilterLabel: "按状态筛选",
  homeColJob: "任务",
  homeColRate: "近一小时每分钟页数",
  homeColFailed: "失败",
  homeColAge: "创建于",
  homeRateTitle: "近一小时每分钟抓取的页数，最高 {max}",
  homeRateLast: "上一分钟抓取的页数",
  homeNoneWithStatus: "没有处于该状态的任务。",
  workersTitle: "工作进程",
  workersIntro: "每个工作进程每隔 {beat} 秒报告一次心跳；超过 {stale} 秒没有心跳即视为失联，它持有的 URL 会回到待抓取队列。",
  workersEmpty: "还没有工作进程。用 npm start 或 npm run worker 启动一个。",
  workersColWorker: "工作进程",
  workersColHost: "主机",
  workersColPid: "PID",
  workersColVersion: "版本",
  workersColState: "状态",
  workersColInFlight: "正在抓取",
  workersColRate: "每分钟页数",
  workersColStored: "已存页面",
  workersColBeat: "上次心跳",
  workersColStarted: "启动于",
  workerState_live: "运行中",
  workerState_stale: "失联",
  workerState_stopped: "已停止",
  workerLeasesReturn: "仍持有 {n} 个 URL：下一次由正常的工作进程检查时（每 {beat} 秒）放回待抓取队列，最迟在租约到期时（{at}）。",
  workerLeasesWaiting: "仍持有 {n} 个 URL：没有正常的工作进程时无人回收，启动一个工作进程后即放回待抓取队列。",
  workerLeasesNone: "未持有 URL。",
  agoSeconds: "{n} 秒前",
  metricsLink: "Prometheus 指标",
  compareColStrategy: "策略",
  compareColStatus: "状态",
  compareColPages: "已抓取页数",
  compareAxisPages: "已抓取页数",
  compareAxisHarvest: "收获率",
  compareColFailed: "失败",
  compareTimeChart: "找到的相关页面数随时间的变化（礼貌抓取受时间限制，不只受页数限制）",
  compareTimeXAxis: "开始后的分钟数",
  compareTimeYAxis: "相关页面",
  compareTimeTable: "开始后若干分钟内找到的相关页面",
  compareByMinutes: "{n} 分钟",
  compareRescored: "* 该任务的主题在爬取中学习过，已抓取的页面按新主题重新评分：带 * 的收获率按新主题计算，不是到达该页数时测得的值。",
  seedPriority: "种子",
  yes: "是",
  no: "否",
} as const;

/** The keys of the monitoring pages' text. */
export type OpsMessageKey = keyof typeof zh;

const en: Record<OpsMessageKey, string> = {
  navWorkers: "Workers",
  navMenu: "Menu",
  homeFilterAll: "All",
  homeFilterActive: "Active",
  homeFilterLabel: "Filter by status",
  homeColJob: "Job",
  homeColRate: "Pages a minute, last hour",
  homeColFailed: "Failed",
  homeColAge: "Created",
  homeRateTitle: "Pages fetched a minute over the last hour, at most {max}",
  homeRateLast: "Pages fetched in the last full minute",
  homeNoneWithStatus: "No job has this status.",
  workersTitle: "Workers",
  workersIntro: "Each worker reports a heartbeat every {beat} s; one silent for over {stale} s is stale, and the URLs it holds go back to the queue.",
  workersEmpty: "No workers yet. Start one with npm start or npm run worker.",
  workersColWorker: "Worker",
  workersColHost: "Host",
  workersColPid: "PID",
  workersColVersion: "Version",
  workersColState: "State",
  workersColInFlight: "In flight",
  workersColRate: "Pages/min",
  workersColStored: "Pages stored",
  workersColBeat: "Last heartbeat",
  workersColStarted: "Started",
  workerState_live: "live",
  workerState_stale: "stale",
  workerState_stopped: "stopped",
  workerLeasesReturn: "Still holds {n} URL(s): a live worker returns them to the queue at its next check (every {beat} s), at the latest when the leases expire ({at}).",
  workerLeasesWaiting: "Still holds {n} URL(s): nobody reclaims them while no worker is live; they return to the queue once a worker starts.",
  workerLeasesNone: "Holds no URLs.",
  agoSeconds: "{n} s ago",
  metricsLink: "Prometheus metrics",
  compareColStrategy: "Strategy",
  compareColStatus: "Status",
  compareColPages: "Pages fetched",
  compareAxisPages: "pages fetched",
  compareAxisHarvest: "harvest rate",
  compareColFailed: "Failed",
  compareTimeChart: "Relevant pages found against time (a polite crawl is bounded by time, not only by pages)",
  compareTimeXAxis: "minutes since the start",
  compareTimeYAxis: "relevant pages",
  compareTimeTable: "Relevant pages found within minutes of the start",
  compareByMinutes: "by {n} min",
  compareRescored: "* This job's topic learned during the crawl and its pages were scored again: harvest rates marked * use the new topic, not the value measured when the job reached that page count.",
  seedPriority: "seed",
  yes: "yes",
  no: "no",
};

const MESSAGES: Record<Locale, Record<OpsMessageKey, string>> = { "zh-CN": zh, en };

/** The Compare page's labels for relevant pages against time (both comparison pages). */
export function compareTimeLabels(locale: Locale, minutes: readonly number[]) {
  const o = opsTranslator(locale);
  return { timeChart: o("compareTimeChart"), timeXAxis: o("compareTimeXAxis"), timeYAxis: o("compareTimeYAxis"), timeTable: o("compareTimeTable"),
    byMinutes: Object.fromEntries(minutes.map((n) => [n, o("compareByMinutes", { n })])) };
}

/** The monitoring pages' translator for `locale`; `{name}` placeholders are filled from `vars`. */
export function opsTranslator(locale: Locale) {
  const table = MESSAGES[locale];
  return (key: OpsMessageKey, vars: Record<string, string | number> = {}) =>
    table[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

type Labels = Record<Locale, Record<string, string>>;

const FINISH_REASONS: Labels = {
  "zh-CN": { "stopped-by-user": "已被手动停止", "max-pages": "达到页数上限", "time-budget": "用完时间预算", "frontier-empty": "待抓取队列已空", "seeds-failed": "所有种子都失败了" },
  en: { "stopped-by-user": "stopped by a user", "max-pages": "page limit reached", "time-budget": "time budget spent", "frontier-empty": "nothing left to fetch", "seeds-failed": "every seed failed" },
};

/** Why a job ended (finishJobs' reasons), in words. */
export function finishReasonLabel(locale: Locale, reason: string): string {
  return FINISH_REASONS[locale][reason] ?? reason;
}

/** Every finish reason's label in `locale`, for client components that receive codes live. */
export function finishReasonLabels(locale: Locale): Record<string, string> {
  return { ...FINISH_REASONS[locale] };
}

/** A page kind (classifyPageKind: home, hub, content) in words. */
export function pageKindLabel(locale: Locale, kind: string): string {
  const key = `kind_${kind}`;
  return isMessageKey(locale, key) ? translator(locale)(key) : kind;
}

function isMessageKey(locale: Locale, key: string): key is MessageKey {
  return translator(locale)(key as MessageKey) !== undefined;
}

const SETTINGS: Labels = {
  "zh-CN": {
    minDelayMs: "同一站点请求间隔（毫秒）", maxHostConnections: "每个站点并发连接数", maxConcurrency: "本任务同时抓取数",
    resolve: "主机地址覆盖", scope: "抓取范围", allow: "允许的模式", deny: "禁止的模式", maxPagesPerHost: "每站最多页面",
    maxQueryVariants: "每路径最多查询变体", maxLinksPerPage: "每页最多取链接数", maxRepeatedSegments: "路径段最多重复次数",
    adaptTopicAfter: "主题自动学习的页数", focusHoldBack: "聚焦强度 %", priorityFeedback: "按站点收割率学习优先级", idleCapacity: "用空闲抓取能力", connectTimeoutMs: "连接超时（毫秒）",
    headersTimeoutMs: "响应头超时（毫秒）", bodyTimeoutMs: "正文超时（毫秒）", maxBodyBytes: "正文上限（字节）",
    sitemaps: "读取站点地图", maxSitemapUrls: "每个站点地图最多取页面数", fetchMode: "抓取方式", browserHosts: "总用浏览器的站点",
    keepRawHtml: "保留原始 HTML", rawHtmlMaxBytes: "原始 HTML 单页上限（字节）", requestLogKeep: "请求日志保留条数", proxy: "HTTP 代理", siteAuth: "站点登录", cookies: "站点 Cookie",
  },
  en: {
    minDelayMs: "Delay between requests to a site (ms)", maxHostConnections: "Connections per site", maxConcurrency: "Fetches in flight for this job",
    resolve: "Host address overrides", scope: "Scope", allow: "Allow patterns", deny: "Deny patterns", maxPagesPerHost: "Max pages per site",
    maxQueryVariants: "Max query variants per path", maxLinksPerPage: "Max links taken per page", maxRepeatedSegments: "Max repeats of a path segment",
    adaptTopicAfter: "Pages before the topic learns", focusHoldBack: "Focus %", priorityFeedback: "Priorities learn from hosts", idleCapacity: "Use idle capacity", connectTimeoutMs: "Connect timeout (ms)",
    headersTimeoutMs: "Headers timeout (ms)", bodyTimeoutMs: "Body timeout (ms)", maxBodyBytes: "Max body size (bytes)",
    sitemaps: "Read sitemaps", maxSitemapUrls: "Max pages taken per sitemap", fetchMode: "Fetch mode", browserHosts: "Sites always rendered",
    keepRawHtml: "Keep raw HTML", rawHtmlMaxBytes: "Raw HTML kept up to (bytes a page)", requestLogKeep: "Requests kept in the log", proxy: "HTTP proxy", siteAuth: "Site logins", cookies: "Site cookies",
  },
};

/** A crawl setting's name (lib/jobs/settings.ts) in words. */
export function settingLabel(locale: Locale, key: string): string {
  return SETTINGS[locale][key] ?? key;
}

/** A crawl setting's value as the job page lists it: scopes and yes/no in words, lists one entry after another. */
export function settingValueLabel(locale: Locale, key: string, value: unknown): string {
  if (typeof value === "boolean") return opsTranslator(locale)(value ? "yes" : "no");
  if (key === "scope" && typeof value === "string" && isMessageKey(locale, `scope_${value}`)) return translator(locale)(`scope_${value}` as MessageKey);
  if (key === "fetchMode" && typeof value === "string" && isMessageKey(locale, `fetchMode_${value}`)) return translator(locale)(`fetchMode_${value}` as MessageKey);
  return Array.isArray(value) ? value.join(" | ") : String(value);
}

const PRIORITY_PARTS: Labels = {
  "zh-CN": {
    depth: "深度", parentRelevance: "父页面相关度", rank: "综合得分", harvest: "收获率", backlinks: "相关反向链接", mime: "文档类型得分",
    parent: "父页面相关度", anchor: "锚文本主题词", url: "网址主题词", cashFromParent: "父页面分来的现金", parentCash: "父页面现金",
    outLinks: "父页面出链数", provisional: "暂定值", rw: "RW 权重", term: "主题词", relevantBacklink: "相关反向链接",
    queuedOnHost: "站点排队网址数", fromParent: "父页面传递", parentRank: "父页面排名", weight: "权重", recomputed: "重算方法",
    total: "累计", parents: "父页面数", backlinkFromParent: "反向链接",
    linkWords: "链接文字得分", tunnel: "连续无关页数", merit: "不计收获率的得分",
  },
  en: {
    depth: "depth", parentRelevance: "parent relevance", rank: "rank", harvest: "harvest rate", backlinks: "relevant backlinks", mime: "document type score",
    parent: "parent relevance", anchor: "topic words in anchor", url: "topic words in URL", cashFromParent: "cash from parent", parentCash: "parent's cash",
    outLinks: "parent's out-links", provisional: "provisional", rw: "RW weight", term: "term", relevantBacklink: "relevant backlink",
    queuedOnHost: "URLs queued on the site", fromParent: "passed from parent", parentRank: "parent rank", weight: "weight", recomputed: "recomputed by",
    total: "total", parents: "parents", backlinkFromParent: "backlink",
    linkWords: "link words score", tunnel: "irrelevant pages in a row", merit: "rank without the harvest rate",
  },
};

/** A part of what made a queued URL's priority (a strategy's `detail` key) in words. */
export function priorityPartLabel(locale: Locale, key: string): string {
  return PRIORITY_PARTS[locale][key] ?? key;
}

/** A host's record as a queued URL's explanation shows it (docs/ALGORITHMS.md §2.8). */
export interface HostFeedbackPart {
  fetched: number; relevant: number; failed: number; weight: number;
  /** Irrelevant pages in a row since its last relevant one, and whether that sank the host (§2.8). */
  irrelevantRun?: number; isSunk?: boolean;
}

/**
 * "站点至今收获 1/495，权重 ×0.01" / "host harvest 1/495 so far, weight ×0.01", and for a sunk host why
 * its URLs wait behind every other host's.
 */
function hostFeedbackText(locale: Locale, h: HostFeedbackPart): string {
  const tried = h.fetched + h.failed;
  const weight = h.weight.toFixed(2);
  const run = h.irrelevantRun ?? 0;
  if (locale === "zh-CN") {
    const sunk = h.isSunk ? `；已连续 ${run} 页无关，排在其他站点之后，直到它有相关页面` : "";
    return `站点至今收获 ${h.relevant}/${tried}，权重 ×${weight}${sunk}`;
  }
  const sunk = h.isSunk ? `; sunk after ${run} irrelevant pages in a row: it waits behind every other host until one of its pages is relevant` : "";
  return `host harvest ${h.relevant}/${tried} so far, weight ×${weight}${sunk}`;
}

/**
 * What made a queued URL's priority, as one line ("父页面相关度 0.62，深度 2"), with its host's
 * harvest when the job learns from hosts; a seed says so.
 */
export function priorityDetailText(locale: Locale, detail: unknown, host?: HostFeedbackPart | null): string {
  const entries = Object.entries((detail ?? {}) as Record<string, unknown>);
  const parts = entries.map(([k, v]) => `${priorityPartLabel(locale, k)} ${String(v)}`);
  if (entries.length === 0) parts.push(opsTranslator(locale)("seedPriority"));
  if (host) parts.push(hostFeedbackText(locale, host));
  return parts.join(locale === "zh-CN" ? "，" : ", ");
}

const CHARSET_SOURCES: Labels = {
  "zh-CN": { header: "HTTP 响应头", bom: "字节顺序标记", meta: "页面 meta 标签", detected: "自动检测", default: "默认" },
  en: { header: "HTTP header", bom: "byte order mark", meta: "meta tag", detected: "detected", default: "default" },
};

/** Where a page's charset came from (decodeBody's source) in words. */
export function charsetSourceLabel(locale: Locale, source: string | null): string {
  return source === null ? "" : CHARSET_SOURCES[locale][source] ?? source;
}

/** A job status in words (status_* messages). */
export function statusLabel(locale: Locale, status: string): string {
  const key = `status_${status}`;
  return isMessageKey(locale, key) ? translator(locale)(key) : status;
}

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [["day", 86_400_000], ["hour", 3_600_000], ["minute", 60_000], ["second", 1_000]];

/** How long ago `then` was, in `locale` ("3 分钟前", "3 minutes ago"), in its largest whole unit. */
export function relativeAge(locale: Locale, then: Date, now = new Date()): string {
  const ms = Math.max(0, now.getTime() - then.getTime());
  const [unit, size] = AGE_UNITS.find(([, size]) => ms >= size) ?? AGE_UNITS[AGE_UNITS.length - 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-Math.floor(ms / size), unit);
}
