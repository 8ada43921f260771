import { NextResponse, type NextRequest } from "next/server";
import { refuseRequest } from "./lib/http/guard-response";

/**
 * When ADMIN_PASSWORD is set (required to bind beyond loopback), every request needs HTTP
 * basic auth with any user name and that password.
 */
export function proxy(request: NextRequest) {
  const refusal = refuseRequest(request); // unknown Host, cross-site write, non-JSON or oversized API body
  if (refusal) return refusal;
  const password = process.env.ADMIN_PASSWORD;
  if (!password) return NextResponse.next();
  const header = request.headers.get("authorization") ?? "";
  const [scheme, encoded] = header.split(" ");
  if (scheme === "Basic" && encoded) {
    const decoded = Buffer.from(encoded, "base64").toString("utf8");
    if (decoded.slice(decoded.indexOf(":") + 1) === password) return NextResponse.next();
  }
  return new NextResponse("authentication required", { status: 401, headers: { "www-authenticate": 'Basic realm="FocusCrawl"' } });
}

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
