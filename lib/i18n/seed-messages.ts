/** The text of the candidate-seeds panel and of seed origins, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  candidatesTitle: "用搜索引擎找种子",
  candidatesHint: "用主题最强的几个词（或你输入的词）询问已配置的搜索服务；结果按站点去重，按标题和摘要与主题的相关度排序。勾选要用的。",
  queryLabel: "搜索词（可不填，留空则用主题词）",
  searchButton: "搜索候选种子",
  searching: "正在搜索…",
  queriesAsked: "搜索了：{q}",
  providerOk: "{name}：{n} 条结果",
  failBlocked: "{name}：是内网或本机地址，已拦截（可在 PRIVATE_NETWORK_ALLOW 中放行）",
  failTimeout: "{name}：{detail} 内没有回答",
  failHttp: "{name}：返回 HTTP {detail}",
  failHttp403: "{name}：返回 HTTP 403（SearXNG 需在 settings.yml 的 search.formats 中启用 json）",
  failNotJson: "{name}：回答的不是 JSON 搜索结果",
  failTooLarge: "{name}：回答超过 {detail}，未读完（搜索结果页通常只有几十 KB）：请检查 SEARCH_PROVIDERS 中的地址是否为搜索接口",
  failRateLimited: "{name}：查询过于频繁，跳过了一次查询",
  failNetwork: "{name}：连接失败（{detail}）",
  noProviders: "没有配置搜索服务：管理员需设置 SEARCH_PROVIDERS（例如 searx=https://searx.example.org/search）并重启仪表盘。",
  noCandidates: "没有找到候选种子：换几个词再试。",
  needTopic: "请先选一个主题，或填写关键词、分类，或输入搜索词。",
  queryNoTerms: "搜索词“{query}”里没有可搜索的词（停用词、数字和标点不算）：请输入这个领域的词，例如“数据库 索引”，或选一个主题。",
  searchFailed: "搜索失败：{error}",
  score: "相关度 {s}",
  picked: "已选 {n} 个候选种子",
  pick: "选用 {url}",
  origin_manual: "手动输入",
  origin_file: "文件导入",
  origin_search: "搜索：{provider}",
  "origin_earlier-job": "以前任务的站点",
  originSearchTitle: "查询“{query}”，相关度 {score}",
};

const en: typeof zh = {
  candidatesTitle: "Find seeds with a search engine",
  candidatesHint: "Asks the configured search providers the topic's strongest terms (or the words you type); results are merged one per site and ranked by how well their title and snippet match the topic. Tick the ones to use.",
  queryLabel: "Words to search for (optional; the topic's terms when empty)",
  searchButton: "Search for candidate seeds",
  searching: "Searching…",
  queriesAsked: "Searched: {q}",
  providerOk: "{name}: {n} results",
  failBlocked: "{name}: a private or local address, blocked (allow it in PRIVATE_NETWORK_ALLOW)",
  failTimeout: "{name}: no answer within {detail}",
  failHttp: "{name}: answered HTTP {detail}",
  failHttp403: "{name}: answered HTTP 403 (SearXNG needs json in search.formats of its settings.yml)",
  failNotJson: "{name}: the answer is not JSON search results",
  failTooLarge: "{name}: the answer is larger than {detail} and was not read (a page of results is tens of KB): check that its SEARCH_PROVIDERS address is a search endpoint",
  failRateLimited: "{name}: queried too often; one query was skipped",
  failNetwork: "{name}: could not connect ({detail})",
  noProviders: "No search provider is configured: an administrator sets SEARCH_PROVIDERS (e.g. searx=https://searx.example.org/search) and restarts the dashboard.",
  noCandidates: "No candidate seeds found: try other words.",
  needTopic: "Pick a topic first, or fill in keywords or classes, or type words to search for.",
  queryNoTerms: "The query \"{query}\" has no words to search for (stop words, numbers and punctuation do not count): type words of the field, e.g. \"database index\", or pick a topic.",
  searchFailed: "The search failed: {error}",
  score: "relevance {s}",
  picked: "{n} candidate seeds picked",
  pick: "Use {url}",
  origin_manual: "typed",
  origin_file: "from a file",
  origin_search: "search: {provider}",
  "origin_earlier-job": "earlier jobs' site",
  originSearchTitle: "query “{query}”, relevance {score}",
};

/** The candidate-seeds and seed-origin text. */
export type SeedMessages = typeof zh;

/** The text for `locale`. */
export function seedMessages(locale: Locale): SeedMessages {
  return locale === "en" ? en : zh;
}
