import { clcAncestors, clcChildren, getClcNode } from "@/lib/topic/clc/tree";
import { json } from "@/app/json";

/** A path segment decoded once more if it still holds escapes ("TP%33"); one that does not decode ("%") is taken as it is. */
function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A CLC class with its path from the top and its children; "root" lists the 22 top classes. */
export async function GET(request: Request, ctx: { params: Promise<{ code: string }> }) {
  const code = decodeSegment((await ctx.params).code);
  const includeHidden = new URL(request.url).searchParams.get("hidden") === "1";
  if (code === "root") return json({ node: null, ancestors: [], children: clcChildren(undefined, { includeHidden }) });
  const node = getClcNode(code);
  if (!node) return json({ error: `no CLC class "${code}"; search with /api/clc/search?q=...` }, { status: 404 });
  return json({ node, ancestors: clcAncestors(code).slice(0, -1), children: clcChildren(code, { includeHidden }) });
}
