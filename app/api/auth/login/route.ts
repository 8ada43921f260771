import type { NextRequest } from "next/server";
import { isSecureRequest, isValidUserName, safeNextPath, SESSION_COOKIE, SESSION_TTL_MS, sessionCookieOptions } from "@/lib/auth/policy";
import { attemptKeys } from "@/lib/auth/rate-limit";
import { getSql, type Sql } from "@/lib/store/infra/sql";
import { clearSignInFailures, recordSignInFailure, signInLockedUntil } from "@/lib/store/login-attempts";
import { createSession } from "@/lib/store/sessions";
import { checkUserPassword, createFirstUser, recordSignIn, type UserInfo } from "@/lib/store/users";
import { clientAddress, isBootstrapSignIn } from "@/app/auth/mode";
import { seeOther } from "@/app/auth/redirect";
import { databaseDownResponse } from "@/lib/http/guard-response";
import { isDatabaseAway } from "@/lib/store/infra/database-away";

export const dynamic = "force-dynamic";

/** The user for a name and password; ADMIN_PASSWORD's first sign-in as admin creates that user (an admin). */
async function signIn(sql: Sql, name: string, password: string): Promise<UserInfo | undefined> {
  const user = await checkUserPassword(sql, name, password);
  if (user) return user;
  return (await isBootstrapSignIn(sql, name, password)) ? createFirstUser(sql, name, password) : undefined;
}

/**
 * The sign-in form's target: a session cookie and the page asked for, or back to /login with the
 * reason. A public address, so the proxy has not read the database before it: while the database
 * cannot be reached this answers the API's JSON 503 itself.
 */
export async function POST(request: NextRequest) {
  try {
    return await signInFromForm(request);
  } catch (err) {
    if (isDatabaseAway(err)) return databaseDownResponse(request.headers);
    throw err;
  }
}

async function signInFromForm(request: NextRequest) {
  const form = await request.formData().catch(() => new FormData());
  const name = String(form.get("name") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const next = safeNextPath(String(form.get("next") ?? "/"));
  const back = (error: string, until?: Date) => {
    const query = new URLSearchParams({ error });
    if (isValidUserName(name)) query.set("name", name);
    if (until) query.set("until", until.toISOString());
    if (next !== "/") query.set("next", next);
    return seeOther(`/login?${query}`);
  };
  if (!name || !password) return back("missing");
  // No user can have such a name (NUL, 3,000 characters, spaces): said at once, before the throttle's key index sees it.
  if (!isValidUserName(name)) return back("name");
  const sql = getSql();
  const keys = attemptKeys(name, clientAddress(request.headers));
  const locked = await signInLockedUntil(sql, keys);
  if (locked) return back("locked", locked);
  const user = await signIn(sql, name, password);
  if (!user) {
    await recordSignInFailure(sql, keys);
    const lockedNow = await signInLockedUntil(sql, keys);
    return lockedNow ? back("locked", lockedNow) : back("invalid");
  }
  await clearSignInFailures(sql, keys.slice(0, 1));
  const session = await createSession(sql, user.id, SESSION_TTL_MS);
  await recordSignIn(sql, user.id);
  const response = seeOther(next);
  const isSecure = isSecureRequest(request.nextUrl.protocol, request.headers.get("x-forwarded-proto"));
  response.cookies.set(SESSION_COOKIE, session.id, sessionCookieOptions(isSecure));
  return response;
}
