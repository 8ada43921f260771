import { NextResponse } from "next/server";

/**
 * A 303 to a path of this site, with a relative Location. A route handler's request.url names
 * the host the server listens as (`localhost`), not the one the browser used (`127.0.0.1`, or a
 * name behind a proxy), so an absolute address would move the browser away from its cookie.
 */
export function seeOther(pathAndQuery: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: pathAndQuery } });
}
