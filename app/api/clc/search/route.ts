import { searchClc } from "@/lib/topic/clc/tree";
import { json } from "@/app/json";

/** Search the CLC tree: ?q=TP3 | 计算机 | jsj | computer [&hidden=1] [&limit=20]. */
export function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  if (!q.trim()) return json({ error: "give a search text in q, e.g. ?q=计算机 or ?q=TP3" }, { status: 400 });
  const limit = Math.min(100, Math.max(1, Number(params.get("limit")) || 20));
  return json({ results: searchClc(q, { limit, includeHidden: params.get("hidden") === "1" }) });
}
