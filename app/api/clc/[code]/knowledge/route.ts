import { getClcNode } from "@/lib/topic/clc/tree";
import { findClassKnowledge } from "@/lib/topic/knowledge/knowledge";
import { json } from "@/app/json";
import { loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";
import { getSql } from "@/lib/store/infra/sql";

/** Words shown per class: the strongest of its field vocabulary. */
const WORDS_SHOWN = 40;

/**
 * What FocusCrawl knows of a CLC class (lib/topic/knowledge/): its strongest field words, example
 * texts a person can add to a topic, the class the knowledge belongs to (the nearest class above
 * when the class itself has none) and what it was learned from; `knowledge` is null when nothing is known.
 */
export async function GET(_request: Request, ctx: { params: Promise<{ code: string }> }) {
  const code = (await ctx.params).code.trim().toUpperCase();
  const node = code.length <= 40 ? getClcNode(code) : undefined;
  if (!node) return json({ error: `no CLC class "${code.slice(0, 40)}"; search with /api/clc/search?q=...` }, { status: 404 });
  await loadCatalogueKnowledge(getSql());
  const k = findClassKnowledge(node.code);
  return json({
    code: node.code,
    knowledge: k ? { code: k.code, name: getClcNode(k.code)?.name ?? k.code, isInherited: k.isInherited, words: k.terms.slice(0, WORDS_SHOWN).map(([t]) => t),
      examples: k.examples, threshold: k.threshold ?? null, sources: k.sources } : null,
  });
}
