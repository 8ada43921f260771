/** Whether this dashboard asks for sign-in, and the requester's address, as the proxy and the sign-in form see them. */
import { BOOTSTRAP_USER, isAuthRequired } from "@/lib/auth/policy";
import { safeEqual } from "@/lib/auth/secret";
import { isLoopbackHost } from "@/lib/env";
import type { Sql } from "@/lib/store/infra/sql";
import { hasUsers } from "@/lib/store/users";

/** True when sign-in is required (beyond loopback, ADMIN_PASSWORD set, or any user exists). */
export async function isAuthOn(sql: Sql): Promise<boolean> {
  const isLoopback = isLoopbackHost(process.env.HOST ?? "127.0.0.1");
  const hasAdminPassword = Boolean(process.env.ADMIN_PASSWORD);
  // Checked only when the answer depends on it, so an exposed dashboard does not query for it.
  if (isAuthRequired({ isLoopback, hasAdminPassword, hasUsers: false })) return true;
  return hasUsers(sql);
}

/**
 * The client's address for the sign-in throttle: X-Forwarded-For as the dashboard's front server
 * (lib/http/front-server.ts, which `npm start` runs) rewrites it on every request: the socket's
 * address, or the client a trusted proxy (TRUSTED_PROXIES) names. Without that server (`next dev`
 * alone) Next.js fills it only when the client sent none.
 */
export function clientAddress(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0].trim() || "unknown";
}

/** True when `name` and `password` are `admin` and ADMIN_PASSWORD while no user exists (compared in constant time). */
export async function isBootstrapSignIn(sql: Sql, name: string, password: string): Promise<boolean> {
  const admin = process.env.ADMIN_PASSWORD;
  return Boolean(admin) && name === BOOTSTRAP_USER && safeEqual(password, admin!) && !(await hasUsers(sql));
}
