/** The requester's identity in server components and server actions. */
import { headers } from "next/headers";
import { hasRole } from "@/lib/auth/roles";
import { authMessages } from "@/lib/i18n/auth-messages";
import { getT } from "../i18n";
import { readIdentity, type Identity } from "./identity";

/** The identity the proxy established for this request. */
export async function currentIdentity(): Promise<Identity> {
  return readIdentity(await headers());
}

/** True when the requester may change things (shows operator-only buttons). */
export async function canOperate(): Promise<boolean> {
  return hasRole((await currentIdentity()).role, "operator");
}

/** True when the requester may manage users (shows the users page's link). */
export async function isAdmin(): Promise<boolean> {
  return (await currentIdentity()).role === "admin";
}

/** Thrown by a server action a viewer calls; the message says how to get the right. */
export class ForbiddenError extends Error {}

/**
 * Refuse a server action to a viewer. The proxy already answers a viewer's POST with 403; this
 * keeps each action safe on its own.
 */
export async function requireOperator(): Promise<void> {
  if (await canOperate()) return;
  throw new ForbiddenError(authMessages((await getT()).locale).forbidden);
}

/** Refuse a server action to anyone but an admin (the proxy refuses them too); returns the admin's identity. */
export async function requireAdmin(): Promise<Identity> {
  const who = await currentIdentity();
  if (who.role === "admin") return who;
  throw new ForbiddenError(authMessages((await getT()).locale).forbiddenAdmin);
}
