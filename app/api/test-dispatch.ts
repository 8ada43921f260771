/**
 * For tests: a request sent through the dashboard as Next.js serves it, without a server: the
 * proxy (proxy.ts: request guard, then basic auth) first, then the route handler its path
 * matches, with the route's params. Every route under app/api is listed, so a test can walk them all.
 */
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import * as clcCode from "./clc/[code]/route";
import * as clcSearch from "./clc/search/route";
import * as compareId from "./compare/[id]/route";
import * as compare from "./compare/route";
import * as health from "./health/route";
import * as openapi from "./openapi.json/route";
import * as jobActions from "./jobs/[id]/actions/route";
import * as jobEvents from "./jobs/[id]/events/route";
import * as jobExport from "./jobs/[id]/export/route";
import * as jobExportFileActions from "./jobs/[id]/exports/[exportId]/actions/route";
import * as jobExportFile from "./jobs/[id]/exports/[exportId]/route";
import * as jobExportFiles from "./jobs/[id]/exports/route";
import * as exportFileActions from "./exports/[id]/actions/route";
import * as exportFile from "./exports/[id]/route";
import * as jobFrontier from "./jobs/[id]/frontier/route";
import * as jobJudgements from "./jobs/[id]/judgements/route";
import * as pageJudgement from "./jobs/[id]/pages/[pageId]/judgement/route";
import * as pageSnapshot from "./jobs/[id]/pages/[pageId]/snapshot/route";
import * as page from "./jobs/[id]/pages/[pageId]/route";
import * as jobPages from "./jobs/[id]/pages/route";
import * as job from "./jobs/[id]/route";
import * as jobSeeds from "./jobs/[id]/seeds/route";
import * as jobTopicRefine from "./jobs/[id]/topic/refine/route";
import * as jobTopic from "./jobs/[id]/topic/route";
import * as jobs from "./jobs/route";
import * as topicExport from "./topics/[id]/export/route";
import * as topicHosts from "./topics/[id]/hosts/route";
import * as topic from "./topics/[id]/route";
import * as exampleUrl from "./topics/example-url/route";
import * as preview from "./topics/preview/route";
import * as topics from "./topics/route";
import * as score from "./topics/score/route";
import * as catchAll from "./[...path]/route";

type Handler = (request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Response | Promise<Response>;

/** Each route's path pattern (as its folder names it) and its module. */
export const ROUTES: [string, Record<string, unknown>][] = [
  ["/api/clc/search", clcSearch], ["/api/clc/[code]", clcCode], ["/api/compare", compare], ["/api/compare/[id]", compareId],
  ["/api/exports/[id]", exportFile], ["/api/exports/[id]/actions", exportFileActions],
  ["/api/health", health], ["/api/openapi.json", openapi], ["/api/jobs", jobs], ["/api/jobs/[id]", job], ["/api/jobs/[id]/actions", jobActions],
  ["/api/jobs/[id]/events", jobEvents], ["/api/jobs/[id]/export", jobExport], ["/api/jobs/[id]/exports", jobExportFiles],
  ["/api/jobs/[id]/exports/[exportId]", jobExportFile], ["/api/jobs/[id]/exports/[exportId]/actions", jobExportFileActions], ["/api/jobs/[id]/frontier", jobFrontier],
  ["/api/jobs/[id]/judgements", jobJudgements], ["/api/jobs/[id]/pages", jobPages], ["/api/jobs/[id]/pages/[pageId]", page],
  ["/api/jobs/[id]/pages/[pageId]/judgement", pageJudgement], ["/api/jobs/[id]/pages/[pageId]/snapshot", pageSnapshot],
  ["/api/jobs/[id]/seeds", jobSeeds], ["/api/jobs/[id]/topic", jobTopic], ["/api/jobs/[id]/topic/refine", jobTopicRefine],
  ["/api/topics", topics], ["/api/topics/[id]", topic], ["/api/topics/[id]/export", topicExport], ["/api/topics/[id]/hosts", topicHosts],
  ["/api/topics/example-url", exampleUrl], ["/api/topics/preview", preview], ["/api/topics/score", score],
];

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
  return handler(withProxyHeaders(request, gate), { params: Promise.resolve(params) });
}
