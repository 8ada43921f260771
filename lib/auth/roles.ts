/** Roles and what each may do. Viewers read, browse and export; operators also change things. */

export const ROLES = ["viewer", "operator"] as const;
/** A user's role. */
export type Role = (typeof ROLES)[number];

/** True when `value` names a role. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Writes any signed-in user may make: signing out, and export files (starting, resuming and
 * cancelling one), since viewers export and an export file is an export written in the background.
 */
const WRITES_FOR_EVERYONE = [/^\/api\/auth\/logout$/, /^\/api\/jobs\/\d+\/exports$/, /^\/api\/(jobs\/\d+\/)?exports\/\d+\/actions$/];

/**
 * The role a request needs. Every write needs an operator: API writes and server actions alike
 * (a server action is a POST to a page's address).
 */
export function requiredRole(method: string, pathname: string): Role {
  if (READ_METHODS.has(method.toUpperCase()) || WRITES_FOR_EVERYONE.some((p) => p.test(pathname))) return "viewer";
  return "operator";
}

/** True when `role` includes what `needed` allows. */
export function hasRole(role: Role, needed: Role): boolean {
  return needed === "viewer" || role === "operator";
}
