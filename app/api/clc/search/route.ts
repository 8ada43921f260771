import { clcAncestors, searchClc } from "@/lib/topic/clc/tree";
import { json } from "@/app/json";

/**
 * Search the CLC tree: ?q=TP3 | 计算机 | jsj | computer [&hidden=1] [&limit=20]. Each result
 * carries `path`, the classes above it from the top, so it can be shown in its place in the tree.
 */
export function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  if (!q.trim()) return json({ error: "give a search text in q, e.g. ?q=计算机 or ?q=TP3" }, { status: 400 });
  const limit = Math.min(100, Math.max(1, Number(params.get("limit")) || 20));
  const results = searchClc(q, { limit, includeHidden: params.get("hidden") === "1" }).map((n) => ({
    ...n, path: clcAncestors(n.code).slice(0, -1).map(({ code, name, nameEn }) => ({ code, name, nameEn })),
  }));
  return json({ results });
}
