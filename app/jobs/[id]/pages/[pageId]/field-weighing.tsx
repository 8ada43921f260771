import { fieldMessages } from "@/lib/i18n/field-messages";
import type { Locale } from "@/lib/i18n/messages";
import { getClcNode } from "@/lib/topic/clc/tree";
import type { FieldWeighing as Weighing } from "@/lib/topic/topic";
import { FIELD_LIFT, FIELD_LIFT_FLOOR, liftWeight } from "@/lib/topic/field-lift";

/** A stored explanation's weighing, if it has one (pages scored before field rivals have none). */
export function weighingOf(explanation: unknown): Weighing | undefined {
  const f = (explanation as { field?: Weighing } | null)?.field;
  return f && typeof f.factor === "number" && typeof f.before === "number" && typeof f.rivalCosine === "number" ? f : undefined;
}

/** How a class topic's score was weighed against the page's closest other field (§1.3c) and lifted by its field posterior (§1.3d). */
export function FieldWeighing({ weighing, relevance, locale }: { weighing: Weighing; relevance: number; locale: Locale }) {
  const m = fieldMessages(locale);
  const isLifted = typeof weighing.posterior === "number" && typeof weighing.lift === "number";
  const lift = isLifted ? weighing.lift! : 1;
  const words = isLifted && typeof weighing.words === "number" ? weighing.words : undefined;
  const posterior = weighing.posterior ?? 0;
  // λ as the stored multiplier implies it, so the line adds up whatever the rounding of π.
  const weight = words !== undefined && posterior > 0.001 ? (lift - FIELD_LIFT_FLOOR) / posterior : liftWeight(words ?? 0);
  const node = weighing.rival ? getClcNode(weighing.rival) : undefined;
  const name = weighing.rival ? `${weighing.rival} ${(locale === "en" && node?.nameEn) || node?.name || ""}`.trim() : "";
  return (
    <div data-testid="page-field" className="mt-2 rounded border border-slate-200 bg-white p-2 text-xs text-slate-700">
      <p className="font-medium">{m.title}</p>
      <p>{weighing.rival ? m.rival.replace("{rival}", name).replace("{cosine}", weighing.rivalCosine.toFixed(3)) : m.noRival}</p>
      {isLifted && <p data-testid="page-field-posterior">{(words === undefined ? m.posterior : m.posteriorByLength).replace(/\{posterior\}/g, posterior.toFixed(words === undefined ? 2 : 3))
        .replace("{words}", String(words)).replace("{weight}", weight.toFixed(2)).replace("{floor}", String(FIELD_LIFT_FLOOR)).replace("{lift}", lift.toFixed(2))}</p>}
      <p className="font-mono">{(!isLifted ? m.sum : words === undefined ? m.sumLifted : m.sumByLength).replace("{before}", weighing.before.toFixed(3)).replace("{factor}", weighing.factor.toFixed(2))
        .replace("{lift}", lift.toFixed(2)).replace("{after}", relevance.toFixed(3))}
        {weighing.before * weighing.factor * lift > 1 ? m.capped : ""}</p>
      <p className="text-slate-500">{m.hint}</p>
      {isLifted && <p className="text-slate-500">{(words === undefined ? m.posteriorHint : m.byLengthHint).replace("{max}", String(1 + FIELD_LIFT)).replace(/\{floor\}/g, String(FIELD_LIFT_FLOOR))
        .replace("{w10}", liftWeight(10).toFixed(0)).replace("{w150}", liftWeight(150).toFixed(1)).replace("{w500}", liftWeight(500).toFixed(1))}</p>}
    </div>
  );
}
