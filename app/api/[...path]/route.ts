import { refusalLocale, securityErrorResponse } from "@/lib/http/guard-response";
import { securityMessage } from "@/lib/i18n/security-messages";

export const dynamic = "force-dynamic";

/** Any path under /api that no route serves: a JSON 404 (not the dashboard's HTML page), in the request's language. */
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return securityErrorResponse(404, securityMessage(refusalLocale(request.headers), "notFound", { path }));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
