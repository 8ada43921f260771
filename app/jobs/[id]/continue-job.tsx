"use client";
/** Continue an ended job: a higher page budget, and it runs again from the URLs it left (server action; works without JS too). */
import { useActionState } from "react";
import { continueJobAction, type ControlState } from "./monitor-actions";

/** The labels the control shows. */
export interface ContinueLabels { title: string; hint: string; maxPages: string; button: string; done: string; empty: string }

/** The new-budget form, or why the job cannot continue (nothing left to fetch). */
export function ContinueJob({ jobId, spent, maxPages, pending, labels }: { jobId: number; spent: number; maxPages: number; pending: number; labels: ContinueLabels }) {
  const [state, action] = useActionState<ControlState, FormData>(continueJobAction, {});
  return (
    <section data-testid="continue-job" aria-labelledby="continue-title" className="rounded border border-slate-200 bg-white p-3 text-sm">
      <h2 id="continue-title" className="font-semibold">{labels.title}</h2>
      {pending === 0 ? <p data-testid="continue-empty" className="mt-1 text-slate-600">{labels.empty}</p> : (
        <>
          <p className="mt-1 text-slate-600">{labels.hint}</p>
          <form action={action} className="mt-2 flex flex-wrap items-end gap-2">
            <input type="hidden" name="jobId" value={jobId} />
            <label className="flex flex-col gap-1">{labels.maxPages}
              <input name="maxPages" type="number" min={spent + 1} step={1} required defaultValue={spent + Math.max(maxPages, 10)}
                data-testid="continue-max-pages" className="w-36 rounded border border-slate-300 px-2 py-1" />
            </label>
            <button data-testid="continue-submit" className="rounded bg-teal-700 px-3 py-1 text-white hover:bg-teal-800">{labels.button}</button>
            {state.ok && <span role="status" className="text-teal-800">{labels.done}</span>}
            {state.error && <span role="alert" data-testid="continue-error" className="basis-full break-words text-red-700">{state.error}</span>}
          </form>
        </>
      )}
    </section>
  );
}
