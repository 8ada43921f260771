import type { NextRequest } from "next/server";
import { seeOther } from "@/app/auth/redirect";
import { isSecureRequest, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/policy";
import { isSessionIdShaped } from "@/lib/auth/secret";
import { getSql } from "@/lib/store/infra/sql";
import { deleteSession } from "@/lib/store/sessions";

export const dynamic = "force-dynamic";

/** Sign out: the session ends in the database (so a copied cookie stops working too) and the cookie is cleared. */
export async function POST(request: NextRequest) {
  const id = request.cookies.get(SESSION_COOKIE)?.value;
  if (id && isSessionIdShaped(id)) await deleteSession(getSql(), id);
  const response = seeOther("/login");
  const isSecure = isSecureRequest(request.nextUrl.protocol, request.headers.get("x-forwarded-proto"));
  response.cookies.set(SESSION_COOKIE, "", sessionCookieOptions(isSecure, 0));
  return response;
}
