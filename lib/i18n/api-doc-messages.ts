/** Interface text of the API reference page (/docs/api), in Simplified Chinese and English. The API's own descriptions are in English. */
import type { Locale } from "./messages";

const zh = {
  title: "HTTP API 参考",
  intro: "控制台的 HTTP API：每个路径、方法、参数、请求体和主要响应。写操作发送 JSON（Content-Type: application/json）；脚本用 Authorization: Bearer <令牌> 认证（focuscrawl token add --user 名称）。下面的说明为英文，与机器可读的 OpenAPI 3.1 文档一致：",
  contents: "目录",
  parameters: "参数",
  body: "请求体",
  bodyForm: "请求体（表单）",
  responses: "响应",
  field: "字段",
  required: "必填",
  optional: "可选",
  inPath: "路径",
  inQuery: "查询",
  public: "无需登录",
} as const;

const en: Record<keyof typeof zh, string> = {
  title: "HTTP API reference",
  intro: "The dashboard's HTTP API: every path, method, parameter, request body and main response. Writes send JSON (Content-Type: application/json); scripts authenticate with Authorization: Bearer <token> (focuscrawl token add --user NAME). The same as the machine-readable OpenAPI 3.1 document:",
  contents: "Contents",
  parameters: "Parameters",
  body: "Request body",
  bodyForm: "Request body (form)",
  responses: "Responses",
  field: "Field",
  required: "required",
  optional: "optional",
  inPath: "path",
  inQuery: "query",
  public: "no sign-in needed",
};

/** The API reference page's texts of `locale`. */
export function apiDocMessages(locale: Locale): Record<keyof typeof zh, string> {
  return locale === "en" ? en : zh;
}
