/**
 * Validation errors in the interface's language. The validators (job input, crawl settings,
 * topics, strategies, URLs) write their messages in English, which the API and the command line
 * return as they are; the dashboard's forms show them through `localizeFieldErrors`, which
 * rewrites each known message family in Chinese. A message no rule knows stays in English, so
 * nothing is lost; `lib/i18n/errors.test.ts` feeds every kind of bad input through the job
 * validator and checks that none is left.
 */
import type { Locale } from "./messages";

type Rule = [RegExp, (m: RegExpMatchArray) => string];

/** A job's status as a Chinese refusal names it (“任务 3 正在运行”). */
const JOB_STATUS_ZH: Record<string, string> = { running: "正在运行", paused: "已暂停", stopping: "正在停止", queued: "正在排队" };

/** Each cron field's name, values and unit in Chinese (lib/jobs/schedule.ts names them in English). */
const CRON_FIELD_ZH: Record<string, { name: string; values: string; unit: string }> = {
  minute: { name: "分钟", values: "0–59", unit: "分钟" }, hour: { name: "小时", values: "0–23", unit: "小时" },
  "day-of-month": { name: "日", values: "1–31", unit: "天" }, month: { name: "月", values: "1–12 或 JAN–DEC", unit: "月" },
  "day-of-week": { name: "星期", values: "0–7（0 和 7 都是星期日）或 SUN–SAT", unit: "天" },
};

/** “x”, the quoting of Chinese text. */
const q = (s: string) => `“${s}”`;

/**
 * Chinese for each message family, matched against the whole message after its "field: "
 * prefix (the form shows an error under its field, so the prefix is dropped).
 */
const ZH_RULES: Rule[] = [
  [/^(\w+) must be a whole number between (\S+) and (\S+)$/, (m) => `须为 ${m[2]} 到 ${m[3]} 之间的整数`],
  [/^(\w+) must be (a whole number|a number) from (\S+) to (\S+)$/, (m) => `${m[1]} 须为 ${m[3]} 到 ${m[4]} 之间的${m[2] === "a number" ? "数" : "整数"}`],
  [/^(\w+) must be (?:a number )?between (\S+) and (\S+)$/, (m) => `须为 ${m[2]} 到 ${m[3]} 之间的数`],
  [/^(\w+) must be at least (\S+)$/, (m) => `不能小于 ${m[2]}`],
  [/^(\w+) must be at most (\d+) characters$/, (m) => `最多 ${m[2]} 个字符`],
  [/^(\w+) must be at most (\S+)$/, (m) => `不能大于 ${m[2]}`],
  [/^(\w+) must be true or false$/, () => "须为 true 或 false（是或否）"],
  [/^(\S+) must be one of: (.+)$/, (m) => `${m[1]} 须为以下之一：${m[2]}`],
  [/^each keyword must be at most (\d+) characters$/, (m) => `每个关键词最多 ${m[1]} 个字符`],
  [/^each example text must be at most (\d+) characters$/, (m) => `每段示例文本最多 ${m[1]} 个字符`],
  [/^at most (\d+) keywords$/, (m) => `最多 ${m[1]} 个关键词`],
  [/^at most (\d+) classes$/, (m) => `最多 ${m[1]} 个分类`],
  [/^at most (\d+) seed URLs$/, (m) => `最多 ${m[1]} 个种子 URL`],
  [/^(a property name )?contains a NUL character \(U\+0000\) at character (\d+): remove it$/,
    (m) => `${m[1] ? "属性名的" : ""}第 ${m[2]} 个字符是 NUL 字符（U+0000），数据库无法保存：请删除它`],
  [/^(a property name )?contains a lone UTF-16 surrogate \((U\+[0-9A-F]+)\) at character (\d+): send valid Unicode text \(UTF-8\)$/,
    (m) => `${m[1] ? "属性名的" : ""}第 ${m[3]} 个字符是不成对的 UTF-16 代理项（${m[2]}），不是有效的 Unicode 文本：请删除它或改正编码（UTF-8）`],
  [/^contains an invisible (text-direction control|zero-width character) \((U\+[0-9A-F]+)\) at character (\d+), which makes the name look different from what it is: remove it$/,
    (m) => `第 ${m[3]} 个字符是看不见的${m[1] === "text-direction control" ? "文字方向控制符" : "零宽字符"}（${m[2]}），会让名称看起来与实际不同：请删除它`],
  [/^nested more than (\d+) levels deep: send a flatter value$/, (m) => `嵌套超过 ${m[1]} 层：请减少嵌套层数`],
  [/^each entry must be at most (\d+) characters$/, (m) => `每项最多 ${m[1]} 个字符`],
  [/^at most (\d+) entries$/, (m) => `最多 ${m[1]} 项`],
  [/^a keyword is empty$/, () => "有一个关键词为空"],
  [/^a weight must be a number$/, () => "权重须为数字"],
  [/^weights must be between (\S+) and (\S+)$/, (m) => `权重须在 ${m[1]} 到 ${m[2]} 之间`],
  [/^must be text or a list of text$/, () => "须为文本或文本列表"],
  [/^topicId must be the number of a saved topic$/, () => "须为已保存主题的编号"],
  [/^there is no topic (\d+); create it first or pick another$/, (m) => `没有编号为 ${m[1]} 的主题：请先创建，或另选一个`],
  [/^give at least one seed URL, e\.g\. (\S+)$/, (m) => `请至少填写一个种子 URL，例如 ${m[1]}`],
  [/^give at least one keyword \(e\.g\. (\S+)\), a CLC class or a saved topic$/, (m) => `请至少给出一个关键词（如 ${m[1]}）、一个中图法分类或一个已保存的主题`],
  [/^"(.*)" is not a URL: write it in full, e\.g\. (\S+)$/, (m) => `${q(m[1])}不是网址：请写完整，例如 ${m[2]}`],
  [/^"(.*)" uses (\S+): only http:\/\/ and https:\/\/ URLs can be crawled$/, (m) => `${q(m[1])}使用 ${m[2]}：只能爬取 http:// 和 https:// 网址`],
  [/^"(.*)" is longer than (\d+) characters$/, (m) => `${q(m[1])}超过 ${m[2]} 个字符`],
  [/^a pattern cannot be empty$/, () => "规则不能为空"],
  [/^"(.*)" contains spaces: write one host \((.+)\) or URL pattern \((.+)\) per line$/, (m) => `${q(m[1])}含有空格：每行写一个主机（${m[2]}）或网址规则（${m[3]}）`],
  [/^"(.*)" is not a host pattern: use e\.g\. (\S+) or (\S+)$/, (m) => `${q(m[1])}不是主机规则：请写如 ${m[2]} 或 ${m[3]}`],
  [/^bad resolve entry "(.*)": write host=ADDRESS\[:PORT\], e\.g\. (\S+) or (\S+)$/, (m) => `解析条目${q(m[1])}有误：请写 主机=地址[:端口]，例如 ${m[2]} 或 ${m[3]}`],
  [/^"(.*) …" must be "host user:password", e\.g\. (.+)$/, (m) => `${q(`${m[1]} …`)}的格式须为“主机 用户名:密码”，例如 ${m[2]}`],
  [/^"(.*) …" must be "host name=value; name2=value2"$/, (m) => `${q(`${m[1]} …`)}的格式须为“主机 名=值; 名2=值2”`],
  [/^"(.*)" points at a private or local address; only the deployment may \(CRAWL_RESOLVE\), or allow that address in PRIVATE_NETWORK_ALLOW$/,
    (m) => `${q(m[1])}指向内网或本机地址：只有部署配置（CRAWL_RESOLVE）可以这样指定，或在 PRIVATE_NETWORK_ALLOW 中放行该地址`],
  [/^proxy (\S+) is a private or local address; allow that address in PRIVATE_NETWORK_ALLOW or use a public proxy$/,
    (m) => `代理 ${m[1]} 是内网或本机地址：请在 PRIVATE_NETWORK_ALLOW 中放行该地址，或改用公网代理`],
  [/^proxy must be a URL such as (\S+) \(http, https or socks5\)$/, (m) => `代理须为网址，例如 ${m[1]}（http、https 或 socks5）`],
  [/^"(.*)" is not a class code; it may be (.+): write the code, or pick the class in the topic wizard$/, (m) => `${q(m[1])}不是分类号，可能是 ${m[2].replaceAll(" or ", " 或 ")}：请填写分类号，或在主题向导中选择分类`],
  [/^unknown class "(.*)"; search the tree for its code \(e\.g\. (.+)\)$/, (m) => `未知分类${q(m[1])}：请在分类树中查找它的代码（如 ${m[2].replaceAll(", ", "、")}）`],
  [/^the topic has no terms: give a CLC class, keywords or example texts with words that name the subject \(stop words and punctuation do not count\)$/,
    () => "主题没有词：请给出中图法分类、关键词或含有主题词的示例文本（停用词和标点不算）"],
  [/^(\S+) is on a private or local network address, which the crawler does not fetch; give a public page$/, (m) => `${m[1]} 是内网或本机地址，爬虫不抓取这类地址：请给出公网上的网页`],
  [/^(\S+) could not be fetched \((\S+): (.*)\)$/, (m) => `${m[1]} 抓取失败（${m[2]}：${m[3]}）：请确认网址能打开后重试`],
  [/^(\S+) answered HTTP (\d+); give a page that loads$/, (m) => `${m[1]} 返回 HTTP ${m[2]}：请给出能正常打开的网页`],
  [/^(\S+) has no text to learn from$/, (m) => `${m[1]} 没有可学习的正文`],
  [/^"(.*)" cannot be fetched \((.+)\); give a full http:\/\/ or https:\/\/ URL$/, (m) => `${q(m[1])}无法抓取（${m[2]}）：请写完整的 http:// 或 https:// 网址`],
  [/^give the URL of a page about the topic, e\.g\. (\S+)$/, (m) => `请给出一个与主题相关的网页地址，例如 ${m[1]}`],
  [/^give the topic a name \(at most (\d+) characters\)$/, (m) => `请给主题起个名字（最多 ${m[1]} 个字符）`],
  [/^a term is empty$/, () => "有一个词为空"],
  [/^each term must be at most (\d+) characters$/, (m) => `每个词最多 ${m[1]} 个字符`],
  [/^at most (\d+) (terms|texts|URLs)$/, (m) => `最多 ${m[1]} 个${({ terms: "词", texts: "示例文本", URLs: "示例网页" } as Record<string, string>)[m[2]]}`],
  [/^give the text to score$/, () => "请填写要评分的文本"],
  [/^this file is not JSON; choose a \.json file exported from the topics library$/, () => "这个文件不是 JSON：请选择从主题库导出的 .json 文件"],
  [/^not a FocusCrawl topic file \(its "format" must be "(\S+)"\); export one from the topics library$/, (m) => `这不是 FocusCrawl 的主题文件（“format”须为“${m[1]}”）：请从主题库导出`],
  [/^this topic file's version is not supported \(only version 1\)$/, () => "不支持这个版本的主题文件（只支持第 1 版）"],
  [/^seedOrigins must be an object of seed URL → origin, e\.g\. (.+)$/, (m) => `种子来源须为“种子网址 → 来源”的对象，例如 ${m[1]}`],
  [/^each origin's kind must be one of: (.+)$/, (m) => `每个种子来源的类别须为以下之一：${m[1]}`],
  [/^a score must be a number from 0 to 1$/, () => "得分须为 0 到 1 之间的数"],
  [/^a (provider name|query) must be at most (\d+) characters$/, (m) => `${m[1] === "query" ? "查询" : "搜索服务名"}最多 ${m[2]} 个字符`],
  [/^query must be text: the words to search for$/, () => "搜索词须为文本"],
  [/^query must be at most (\d+) characters$/, (m) => `搜索词最多 ${m[1]} 个字符`],
  [/^give a topic \(topicId, keywords or clc\) or words to search for \(query\), e\.g\. (.+)$/, (m) => `请给出主题（已保存的主题、关键词或分类）或要搜索的词，例如 ${m[1]}`],
  [/^"(.*)" is not a host name: write one per line, e\.g\. (\S+)$/, (m) => `${q(m[1])}不是主机名：每行写一个，例如 ${m[2]}`],
  [/^pick at least two strategies to compare$/, () => "请至少选两种策略来对比"],
  [/^unknown (.+); use any of (.+)$/, (m) => `未知策略 ${m[1]}；可选：${m[2]}`],
  [/^schedule must be text: a cron line such as (.+)$/, (m) => `定时须为文本：一行 cron 表达式，例如 ${m[1]}`],
  [/^schedule "(.*)" has (\d+) fields: write 5 \(minute hour day-of-month month day-of-week\), e\.g\. (.+)$/,
    (m) => `定时${q(m[1])}有 ${m[2]} 段：请写 5 段（分 时 日 月 星期），例如 ${m[3]}`],
  [/^schedule "(.*)": the (minute|hour|day-of-month|month|day-of-week) field "(.*)" is not valid: use .*; e\.g\. (.+)$/,
    (m) => `定时${q(m[1])}的${CRON_FIELD_ZH[m[2]].name}段${q(m[3])}无效：可写 ${CRON_FIELD_ZH[m[2]].values}、*（每${CRON_FIELD_ZH[m[2]].unit}）、列表（1,15）、范围（1-5）或间隔（*/15），例如 ${m[4]}`],
  [/^schedule "(.*)" matches no date \(e\.g\. the 31st of February\): change the day of the month or the month$/,
    (m) => `定时${q(m[1])}没有任何日期能满足（例如 2 月 31 日）：请修改日或月`],
  [/^timeZone must be text: an IANA name such as (\S+) or (\S+)$/, (m) => `时区须为文本：IANA 名称，例如 ${m[1]} 或 ${m[2]}`],
  [/^timeZone "(.*)" is not a time zone: use an IANA name such as (\S+) or (\S+)$/, (m) => `${q(m[1])}不是时区：请用 IANA 名称，例如 ${m[2]} 或 ${m[3]}`],
  [/^workflow (\d+) has a run that has not ended: runs never overlap; wait for it to end or stop it$/,
    (m) => `工作流 ${m[1]} 有一次运行尚未结束：两次运行不会重叠；请等它结束或停止它`],
  [/^give the workflow a name, e\.g\. (.+)$/, (m) => `请给工作流起个名字，例如 ${m[1]}`],
  [/^workflow (\d+) cannot run as saved: (.+); edit it$/, (m) => `工作流 ${m[1]} 按保存的定义无法运行：${localizeError(m[2], "zh-CN")}；请编辑它`],
  [/^workflow (\d+) does not exist$/, (m) => `工作流 ${m[1]} 不存在`],
  [/^job (\d+) is (\w+): only an ended job can be continued; a running job goes on by itself \(pause or stop it from its page\)$/,
    (m) => `任务 ${m[1]} ${JOB_STATUS_ZH[m[2]] ?? `的状态是 ${m[2]}`}：只有已结束的任务才能继续；运行中的任务会自己接着抓取（可在任务页暂停或停止）`],
  [/^maxPages must be above the (\d+) page\(s\) job (\d+) has already spent of its budget; give e\.g\. (\d+)$/,
    (m) => `新的页数上限须大于任务 ${m[2]} 已用掉的 ${m[1]} 页，例如 ${m[3]}`],
  [/^job (\d+) has no URLs left to fetch \(its frontier is empty\): add seeds to it first, or start a new job$/,
    (m) => `任务 ${m[1]} 没有剩下的待抓取网址（队列已空）：请先为它添加种子，或新建任务`],
  [/^job (\d+) is a run of a workflow that has another run not yet ended: runs never overlap; wait for it to end or stop it$/,
    (m) => `任务 ${m[1]} 所属的工作流另有一次运行尚未结束：两次运行不会重叠；请等它结束或停止它`],
  [/^job (\d+) does not exist$/, (m) => `任务 ${m[1]} 不存在`],
  [/^job (\d+) does not exist: pick a job from the jobs list$/, (m) => `任务 ${m[1]} 不存在：请从任务列表中选一个`],
  [/^give the receiver's address, e\.g\. (\S+)$/, (m) => `请填写接收地址，例如 ${m[1]}`],
  [/^url "(.*)" is not a URL: write it in full, e\.g\. (\S+)$/, (m) => `接收地址${q(m[1])}不是网址：请写完整，例如 ${m[2]}`],
  [/^url "(.*)" uses (\S+): a webhook is sent to an http:\/\/ or https:\/\/ address$/, (m) => `接收地址${q(m[1])}使用 ${m[2]}：通知只能发到 http:// 或 https:// 地址`],
  [/^url must not hold a user name or password: the signature proves the sender, so leave them out$/, () => "接收地址不能包含用户名或密码：签名已能证明发送方，请去掉它们"],
  [/^url (\S+) is a private or local address; allow it in PRIVATE_NETWORK_ALLOW or give a public receiver$/,
    (m) => `接收地址 ${m[1]} 是内网或本机地址：请在 PRIVATE_NETWORK_ALLOW 中放行它，或改用公网上的接收地址`],
  [/^secret must be (\d+) to (\d+) characters without spaces, e\.g\. the output of (.+)$/, (m) => `密钥须为 ${m[1]} 到 ${m[2]} 个字符、不含空格，例如 ${m[3]} 的输出`],
  [/^pick at least one of (.+)$/, (m) => `请至少选择一个事件：${m[1]}`],
  [/^(workflow|job) (\d+) has no webhook (\d+)$/, (m) => `${m[1] === "job" ? "任务" : "工作流"} ${m[2]} 没有编号为 ${m[3]} 的通知地址`],
  [/^job (\d+) is (\w+): stop it first \(and wait until it has stopped\), then archive it$/, (m) => `任务 ${m[1]} 的状态是 ${m[2]}：请先停止它（并等它停下），再归档`],
  [/^strategy (\S+) has no parameter (.+); its parameters: (.+)$/, (m) => `策略 ${m[1]} 没有参数 ${m[2]}；它的参数：${m[3] === "none" ? "无" : m[3]}`],
];

/** `message` in `locale`: unchanged in English, or in Chinese when a rule knows it. */
export function localizeError(message: string, locale: Locale): string {
  if (locale === "en") return message;
  const body = message.replace(/^\w+: /, "");
  for (const [re, zh] of ZH_RULES) {
    const m = body.match(re);
    if (m) return zh(m);
  }
  // Several messages joined by "; " (a strategy's parameters): each on its own, if all are known.
  const parts = body.split("; ");
  if (parts.length > 1) {
    const done = parts.map((p) => localizeError(p, locale));
    if (done.every((d, i) => d !== parts[i])) return done.join("；");
  }
  return message;
}

/** Every message of a form's errors in `locale`. */
export function localizeFieldErrors<T extends Record<string, string[]>>(errors: T, locale: Locale): T {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => localizeError(m, locale))])) as T;
}
