import { ArchiveBody } from "./bodies";
import { json, readJsonObject } from "../json";

/** The `archived` flag of an archive request, or the response refusing it. */
export async function readArchiveFlag(request: Request) {
  const body = await readJsonObject(request, '{"archived":true}');
  if (!body.ok) return body;
  const parsed = ArchiveBody.safeParse(body.value);
  if (!parsed.success) return { ok: false as const, response: json({ error: "archived must be true (archive) or false (unarchive), e.g. {\"archived\":true}" }, { status: 400 }) };
  return { ok: true as const, archived: parsed.data.archived };
}
