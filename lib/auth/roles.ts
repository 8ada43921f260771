/**
 * Roles and what each may do: viewers read, browse and export to the browser; operators also
 * change things (jobs, topics, comparisons, export files); admins also manage users and act on
 * everyone's export files. Each role includes the ones before it.
 */
export const ROLES = ["viewer", "operator", "admin"] as const;
/** A user's role. */
export type Role = (typeof ROLES)[number];

/** True when `value` names a role. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Writes any signed-in user may make: signing out. */
const WRITES_FOR_EVERYONE = [/^\/api\/auth\/logout$/];

/** Paths only admins may read or write: the user management page and its server actions. */
const ADMIN_PATHS = [/^\/admin(\/|$)/];

/**
 * The role a request needs. Every write needs an operator: API writes and server actions alike
 * (a server action is a POST to a page's address), starting, resuming and cancelling export files
 * included (an export file is written on the server and kept there, unlike a download).
 */
export function requiredRole(method: string, pathname: string): Role {
  if (ADMIN_PATHS.some((p) => p.test(pathname))) return "admin";
  if (READ_METHODS.has(method.toUpperCase()) || WRITES_FOR_EVERYONE.some((p) => p.test(pathname))) return "viewer";
  return "operator";
}

/** True when `role` includes what `needed` allows. */
export function hasRole(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** Who acts: their user id (null for ADMIN_PASSWORD before any user exists, or with sign-in off) and role. */
export interface Actor { userId: number | null; role: Role }

/** True when `actor` may resume or cancel an export file started by user `startedBy` (null: unknown): its owner, or an admin. */
export function canManageExportFile(actor: Actor, startedBy: number | null): boolean {
  if (actor.role === "admin") return true;
  return actor.role === "operator" && actor.userId !== null && actor.userId === startedBy;
}
