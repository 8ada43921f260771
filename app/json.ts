import { NextResponse } from "next/server";
import { currentPolicy } from "@/lib/http/guard-response";
import { bodyLimitFor, hasBody, mediaType } from "@/lib/http/request-guard";
import { findTextProblems } from "@/lib/rules/text";

/** A JSON response in which bigint values (row ids) become strings. */
export function json(body: unknown, init?: ResponseInit): NextResponse {
  const text = JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  return new NextResponse(text, { ...init, headers: { "content-type": "application/json; charset=utf-8", ...init?.headers } });
}

/** The largest id a table's `integer` key holds. */
export const MAX_ROW_ID = 2_147_483_647;

/** True for a value that can be a row id: a whole number from 1 to MAX_ROW_ID. */
export function isRowId(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_ROW_ID;
}

/** A route's numeric id segment (1 to MAX_ROW_ID, digits only), or null. */
export function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_ROW_ID ? n : null;
}

/** A body read from a request, or the 4xx response that says why it cannot be. */
export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: NextResponse };

const refuse = (status: number, error: string): { ok: false; response: NextResponse } => ({ ok: false, response: json({ error }, { status }) });

/** The body's bytes, stopping as soon as it passes `limit` (null then): a chunked body has no length to check first. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.byteLength;
    if (size > limit) {
      // Not awaited: the cancel of one branch of a tee()d body (a clone) settles only when the other is cancelled too.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks);
}

/** 400 naming every field whose text cannot be stored (NUL, a lone surrogate) or that is nested too deep, or null. */
function refuseUnstorable(value: unknown): { ok: false; response: NextResponse } | null {
  const problems = findTextProblems(value);
  if (problems.length === 0) return null;
  const fields = Object.fromEntries(problems.map((p) => [p.field, [p.message]]));
  return { ok: false, response: json({ error: problems.map((p) => p.message).join("; "), fields }, { status: 400 }) };
}

/**
 * A request's JSON body: 415 unless it is sent as application/json, 413 past the route's size
 * limit (MAX_JSON_BODY_BYTES, more for topic definitions), 400 when it does not parse or holds
 * text the database cannot store (lib/rules/text.ts), for every route at once. An empty body
 * reads as `{}`, so that `curl -X POST` takes a route's defaults.
 */
export async function readJsonBody(request: Request): Promise<BodyResult<unknown>> {
  const type = mediaType(request.headers.get("content-type"));
  if (type !== "application/json" && (type !== "" || hasBody(request.headers))) {
    return refuse(415, `the request body must be JSON: send Content-Type: application/json (got "${type || "none"}")`);
  }
  const limit = bodyLimitFor(new URL(request.url).pathname, currentPolicy());
  const bytes = await readCapped(request, limit);
  if (bytes === null) return refuse(413, `the request body is too large: at most ${limit} bytes`);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return refuse(400, `the request body is not valid JSON (${(err as Error).message})`);
  }
  return refuseUnstorable(value) ?? { ok: true, value };
}

/** `readJsonBody` for routes that take an object: `null`, arrays and bare values are refused with `example` as a hint. */
export async function readJsonObject(request: Request, example = "{}"): Promise<BodyResult<Record<string, unknown>>> {
  const body = await readJsonBody(request);
  if (!body.ok) return body;
  const v = body.value;
  if (typeof v !== "object" || v === null || Array.isArray(v)) return refuse(400, `the request body must be a JSON object, e.g. ${example}`);
  return { ok: true, value: v as Record<string, unknown> };
}
