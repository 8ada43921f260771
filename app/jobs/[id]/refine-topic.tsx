"use client";
import { useActionState } from "react";
import { refineTopicAction, type RefineTopicState } from "../actions";

/** Labels in the page's language (the page is a server component and passes them down). */
export interface RefineTopicLabels {
  title: string; hint: string; pages: string; submit: string; done: string;
  errors: Record<NonNullable<RefineTopicState["error"]>, string>;
}

/** "Refine the topic from this job's pages": how many pages, then what the topic learned. */
export function RefineTopic({ jobId, labels }: { jobId: number; labels: RefineTopicLabels }) {
  const [state, action, isPending] = useActionState<RefineTopicState, FormData>(refineTopicAction, {});
  return (
    <form action={action} data-testid="refine-topic" className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="jobId" value={jobId} />
      <span className="font-medium">{labels.title}</span>
      <label className="flex items-center gap-1 text-slate-600">
        {labels.pages}
        <input name="pages" type="number" min={1} max={100} defaultValue={10} className="w-16 rounded border border-slate-300 px-1 py-0.5" />
      </label>
      <button disabled={isPending} className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100 disabled:opacity-50">{labels.submit}</button>
      <span className="w-full text-xs text-slate-500">{labels.hint}</span>
      {state.error && <p role="alert" className="w-full text-red-700">{labels.errors[state.error]}</p>}
      {state.added && <p role="status" className="w-full text-green-800">{labels.done.replace("{pages}", String(state.pages))} {state.added.join("，")}</p>}
    </form>
  );
}
