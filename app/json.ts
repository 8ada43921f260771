import { NextResponse } from "next/server";

/** A JSON response in which bigint values (row ids) become strings. */
export function json(body: unknown, init?: ResponseInit): NextResponse {
  const text = JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  return new NextResponse(text, { ...init, headers: { "content-type": "application/json; charset=utf-8", ...init?.headers } });
}

/** A route's numeric id segment, or null. */
export function parseId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}
