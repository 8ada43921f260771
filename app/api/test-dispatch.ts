/**
 * For tests: a request sent through the dashboard as Next.js serves it, without a server: the
 * proxy (proxy.ts: request guard, then basic auth) first, then the route handler its path
 * matches, with the route's params. Every route under app/api is listed, so a test can walk them all.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

type Handler = (request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Response | Promise<Response>;

const API_DIR = import.meta.dirname;

/** Every route file under app/api, found on disk so that a new route is covered without listing it here. */
function findRouteFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? findRouteFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

/** `app/api/jobs/[id]/route.ts` → `/api/jobs/[id]`. */
const patternOf = (file: string) => `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`.replace(/\/$/, "");

const CATCH_ALL = "/api/[...path]";
const routeFiles = findRouteFiles().sort();
const modules = await Promise.all(routeFiles.map(async (f) => [patternOf(f), await import(pathToFileURL(f).href)] as [string, Record<string, unknown>]));

/** Each route's path pattern (as its folder names it) and its module, the catch-all for unknown paths aside. */
export const ROUTES: [string, Record<string, unknown>][] = modules.filter(([p]) => p !== CATCH_ALL);
const catchAll = modules.find(([p]) => p === CATCH_ALL)![1];

/** The HTTP methods a route module answers. */
export const routeMethods = (mod: Record<string, unknown>) =>
  ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((m) => typeof mod[m] === "function");

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The params of `pathname` under `pattern` (decoded, as Next.js passes them), or null when it does not match. */
function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = pathname.replace(/\/$/, "").split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\[(\w+)\]$/.exec(want[i])?.[1];
    if (name) params[name] = decode(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/** The handler and params serving `method pathname`: static segments win over dynamic ones, as in Next.js. */
function findHandler(method: string, pathname: string): { handler?: Handler; params: Record<string, string | string[]> } {
  const matches = ROUTES.map(([pattern, mod]) => ({ pattern, mod, params: matchRoute(pattern, pathname) }))
    .filter((m) => m.params !== null)
    .sort((a, b) => (b.pattern.match(/\/[^[/]+/g)?.length ?? 0) - (a.pattern.match(/\/[^[/]+/g)?.length ?? 0));
  if (matches.length === 0) return { handler: catchAll[method as "GET"] as Handler, params: { path: pathname.split("/").slice(2) } };
  return { handler: matches[0].mod[method] as Handler | undefined, params: matches[0].params ?? {} };
}

/**
 * The request as the route sees it after the proxy: Next.js replaces its headers with the ones the
 * proxy passed on (`NextResponse.next({ request: { headers } })`: the identity headers).
 */
function withProxyHeaders(request: Request, gate: Response): Request {
  const names = gate.headers.get("x-middleware-override-headers");
  if (names === null) return request;
  const headers = new Headers();
  for (const name of names.split(",").filter(Boolean)) {
    const value = gate.headers.get(`x-middleware-request-${name}`);
    if (value !== null) headers.set(name, value);
  }
  return new Request(request, { headers });
}

/** Send `request` through the proxy and, when it lets it through, to its route (405 when the route has no such method). */
export async function dispatch(request: Request): Promise<Response> {
  const gate = await proxy(new NextRequest(request.clone()));
  if (gate.headers.get("x-middleware-next") !== "1") return gate;
  const { pathname } = new URL(request.url);
  const { handler, params } = findHandler(request.method, pathname);
  if (!handler) return new Response(null, { status: 405 });
  return handler(new NextRequest(withProxyHeaders(request, gate)), { params: Promise.resolve(params) }); // as Next.js passes it: cookies, nextUrl, the proxy's identity headers
}
