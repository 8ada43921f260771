/** Text of a workflow's webhooks panel and its delivery log, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  title: "通知（Webhook）",
  hint: "运行结束、失败或停滞时，向这些地址发送 JSON POST 请求。发送失败会按指数退避重试（30 秒起，每次翻倍，最多 6 次）；请求同样经过抓取时的内网地址防护。",
  signatureHelp: "每个请求都带有签名头 FocusCrawl-Signature: t=<Unix 秒>,v1=<十六进制>。v1 是以密钥为键、对“<t>.<原始请求体>”计算的 HMAC-SHA256。验证：用同样方法计算，按常数时间比较，并拒绝 t 与当前时间相差超过 5 分钟的请求。请求体的 id 是这次投递的编号，重试时不变，可用来去重。",
  hintJob: "这个任务结束、失败或停滞时，向这些地址发送 JSON POST 请求（工作流的每次运行请在工作流页面设置）。发送失败会按指数退避重试（30 秒起，每次翻倍，最多 6 次）；请求同样经过抓取时的内网地址防护。",
  none: "还没有通知地址。",
  url: "接收地址",
  secret: "密钥",
  secretHint: "16 到 256 个字符、不含空格，例如 openssl rand -hex 32 的输出。保存后不再显示。",
  secretKept: "密钥已保存（不再显示）",
  events: "事件",
  event_run_finished: "运行结束",
  event_run_failed: "运行失败",
  event_run_stalled: "运行停滞",
  "event_webhook.test": "测试投递",
  add: "添加通知地址",
  added: "已添加通知地址。",
  remove: "删除",
  removeConfirm: "删除通知地址 {url}？它的投递记录也会删除。",
  test: "发送测试投递",
  testSent: "测试投递已发送：{result}",
  testQueued: "测试投递已排队，稍后发送。",
  log: "投递记录",
  logNone: "还没有投递。",
  colEvent: "事件",
  colRun: "运行",
  colAttempt: "第几次",
  colStatus: "状态码",
  colDuration: "耗时",
  colError: "错误",
  colNextRetry: "下次重试",
  colAt: "时间",
  state_pending: "待发送",
  state_delivered: "已送达",
  state_failed: "已放弃",
  noAnswer: "无响应",
  ms: "{n} 毫秒",
};

const en: typeof zh = {
  title: "Notifications (webhooks)",
  hint: "When a run finishes, fails or stalls, a JSON POST goes to these addresses. A failed delivery is retried with exponential backoff (30 s, doubling, at most 6 attempts); the request passes the same private-network guard as crawling.",
  signatureHelp: "Every request carries FocusCrawl-Signature: t=<Unix seconds>,v1=<hex>. v1 is the HMAC-SHA256, keyed with the secret, of “<t>.<raw request body>”. To verify, compute the same, compare in constant time, and refuse a t more than 5 minutes from your clock. The body's id is the delivery's id, the same on every retry: use it to drop duplicates.",
  hintJob: "When this job finishes, fails or stalls, a JSON POST goes to these addresses (for every run of a workflow, set them on the workflow's page). A failed delivery is retried with exponential backoff (30 s, doubling, at most 6 attempts); the request passes the same private-network guard as crawling.",
  none: "No addresses yet.",
  url: "Receiver URL",
  secret: "Secret",
  secretHint: "16 to 256 characters without spaces, e.g. the output of openssl rand -hex 32. Never shown again once saved.",
  secretKept: "secret saved (never shown)",
  events: "Events",
  event_run_finished: "run finished",
  event_run_failed: "run failed",
  event_run_stalled: "run stalled",
  "event_webhook.test": "test delivery",
  add: "Add address",
  added: "Address added.",
  remove: "Delete",
  removeConfirm: "Delete the address {url}? Its delivery log goes too.",
  test: "Send a test delivery",
  testSent: "Test delivery sent: {result}",
  testQueued: "Test delivery queued; it goes out shortly.",
  log: "Delivery log",
  logNone: "No deliveries yet.",
  colEvent: "Event",
  colRun: "Run",
  colAttempt: "Attempt",
  colStatus: "Status",
  colDuration: "Duration",
  colError: "Error",
  colNextRetry: "Next retry",
  colAt: "Time",
  state_pending: "pending",
  state_delivered: "delivered",
  state_failed: "given up",
  noAnswer: "no answer",
  ms: "{n} ms",
};

/** The webhooks panel's text in `locale`. */
export function webhookMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}

/** An event's name in the interface's language (an unknown one as it is). */
export function eventLabel(m: typeof zh, event: string): string {
  const key = `event_${event.replace("run.", "run_")}` as keyof typeof zh;
  return key in m ? m[key] : event;
}
