import { ArchiveBody } from "./bodies";
import { json, parseId, readJsonObject } from "../json";
import { failureResponse } from "./failure";
import { getSql } from "@/lib/store/infra/sql";
import type { Failure } from "@/lib/store/failure";
import type { Sql } from "@/lib/store/infra/sql";

/** The `archived` flag of an archive request, or the response refusing it. */
export async function readArchiveFlag(request: Request) {
  const body = await readJsonObject(request, '{"archived":true}');
  if (!body.ok) return body;
  const parsed = ArchiveBody.safeParse(body.value);
  if (!parsed.success) return { ok: false as const, response: json({ error: "archived must be true (archive) or false (unarchive), e.g. {\"archived\":true}" }, { status: 400 }) };
  return { ok: true as const, archived: parsed.data.archived };
}

/** The PUT handler of an archive route: `{"archived":true}` archives row `:id` with `setArchived`, false unarchives it. */
export function archiveHandler(
  setArchived: (sql: Sql, id: number, archived: boolean) => Promise<{ ok: true; archivedAt: Date | null } | Failure>,
  notFound: string,
) {
  return async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
    const id = parseId((await ctx.params).id);
    if (id === null) return json({ error: notFound }, { status: 404 });
    const flag = await readArchiveFlag(request);
    if (!flag.ok) return flag.response;
    const r = await setArchived(getSql(), id, flag.archived);
    if (!r.ok) return failureResponse(r);
    return json({ id, archivedAt: r.archivedAt });
  };
}
