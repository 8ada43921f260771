"use client";
import { useActionState } from "react";
import { refineTopicAction, type RefineTopicState } from "../actions";
import type { TermChange } from "@/lib/topic/topic-diff";
import type { JudgedThreshold } from "@/lib/topic/judged-threshold";
import { fill } from "@/lib/i18n/monitor-messages";

/** Labels in the page's language (the page is a server component and passes them down). */
export interface RefineTopicLabels {
  title: string; hint: string; pages: string; preview: string; apply: string; undo: string; done: string;
  added: string; removed: string; raised: string; lowered: string; unchanged: string; liftDropped: string;
  threshold: string; thresholdKept: string; thresholdSame: string; thresholdApply: string; thresholdNone: string; thresholdApplied: string; undone: string;
  errors: Record<NonNullable<RefineTopicState["error"]>, string>;
}

/** A list of term changes, each with its weights before → after. */
function Changes({ label, changes, tone, testId }: { label: string; changes: TermChange[]; tone: string; testId: string }) {
  if (changes.length === 0) return null;
  return (
    <div data-testid={testId} className="flex flex-wrap items-baseline gap-1">
      <span className="text-slate-500">{label}:</span>
      {changes.map((c) => (
        <span key={c.term} className={`rounded px-1 ${tone}`} title={`${c.before.toFixed(3)} → ${c.after.toFixed(3)}`}>{c.term}</span>
      ))}
    </div>
  );
}

/** The threshold chosen from the judgments: proposed with its figures and interval, or kept and why. */
function thresholdText(labels: RefineTopicLabels, current: number, s: JudgedThreshold): string {
  const text = s.isProposed ? labels.threshold : s.keptBecause === "same-threshold" ? labels.thresholdSame : labels.thresholdKept;
  const signed = (x: number) => `${x > 0 ? "+" : ""}${x.toFixed(2)}`;
  const values: Record<string, string> = {
    from: String(current), to: String(s.threshold), n: String(s.relevant + s.irrelevant), f1now: s.currentF1.toFixed(2), f1kept: s.keptF1.toFixed(2),
    f1to: s.cvF1.toFixed(2), lo: s.interval[0].toFixed(2), hi: s.interval[1].toFixed(2), gainLo: signed(s.gainInterval[0]), gainHi: signed(s.gainInterval[1]),
  };
  return fill(text, values);
}

/**
 * "Refine the topic from this job's pages": preview what the topic would learn (terms added,
 * dropped and reweighted; a threshold chosen from the judgments), apply it, or undo the latest
 * learning.
 */
export function RefineTopic({ jobId, canUndo, labels }: { jobId: number; canUndo: boolean; labels: RefineTopicLabels }) {
  const [state, action, isPending] = useActionState<RefineTopicState, FormData>(refineTopicAction, {});
  const plan = state.plan;
  const suggested = plan?.threshold.suggested;
  const isUndoShown = canUndo || state.applied;
  const button = "rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100 disabled:opacity-50";
  return (
    <form action={action} id="refine-topic" data-testid="refine-topic" className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="jobId" value={jobId} />
      <span className="font-medium">{labels.title}</span>
      <label className="flex items-center gap-1 text-slate-600">
        {labels.pages}
        <input name="pages" type="number" min={1} max={100} defaultValue={state.pages ?? 10} className="w-16 rounded border border-slate-300 px-1 py-0.5" />
      </label>
      <button name="intent" value="preview" disabled={isPending} className={button}>{labels.preview}</button>
      {isUndoShown && <button name="intent" value="undo" disabled={isPending} data-testid="refine-undo" className={button}>{labels.undo}</button>}
      <span className="w-full text-xs text-slate-500">{labels.hint}</span>
      {state.error && <p role="alert" className="w-full text-red-700">{labels.errors[state.error]}</p>}
      {state.undoneTo !== undefined && <p role="status" className="w-full text-green-800">{labels.undone.replace("{threshold}", String(state.undoneTo))}</p>}
      {plan && (
        <div data-testid={state.applied ? "refine-applied" : "refine-preview"} className="w-full space-y-1 rounded border border-slate-200 bg-slate-50 p-2">
          {state.applied && <p role="status" className="text-green-800">{labels.done.replace("{pages}", String(plan.pages))}
            {state.thresholdApplied && suggested ? ` ${labels.thresholdApplied.replace("{threshold}", String(suggested.threshold))}` : ""}</p>}
          <Changes label={labels.added} changes={plan.diff.added} tone="bg-green-100 text-green-900" testId="refine-added" />
          <Changes label={labels.removed} changes={plan.diff.removed} tone="bg-red-100 text-red-900 line-through" testId="refine-removed" />
          <Changes label={labels.raised} changes={plan.diff.raised} tone="bg-green-50 text-green-900" testId="refine-raised" />
          <Changes label={labels.lowered} changes={plan.diff.lowered} tone="bg-amber-50 text-amber-900" testId="refine-lowered" />
          {plan.diff.added.length + plan.diff.removed.length + plan.diff.raised.length + plan.diff.lowered.length === 0 && <p className="text-slate-600">{labels.unchanged}</p>}
          {plan.isLiftDropped && <p data-testid="refine-lift-dropped" className="text-slate-700">{labels.liftDropped}</p>}
          {suggested ? (
            <p data-testid="refine-threshold" data-proposed={suggested.isProposed} className="text-slate-700">{thresholdText(labels, plan.threshold.current, suggested)}</p>
          ) : !state.applied && <p className="text-xs text-slate-500">{labels.thresholdNone}</p>}
          {!state.applied && (
            <div className="flex flex-wrap items-center gap-3">
              {suggested?.isProposed && <label className="flex items-center gap-1"><input type="checkbox" name="threshold" defaultChecked />{labels.thresholdApply}</label>}
              <button name="intent" value="apply" disabled={isPending} data-testid="refine-apply" className="rounded bg-slate-800 px-3 py-1 text-white hover:bg-slate-700 disabled:opacity-50">{labels.apply}</button>
            </div>
          )}
        </div>
      )}
    </form>
  );
}
