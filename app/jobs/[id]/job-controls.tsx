"use client";
/** Forms that adjust a running job: its delay and more seeds (server actions; work without JS too). */
import { useActionState } from "react";
import { addSeedsAction, setJobDelayAction, type ControlState } from "./monitor-actions";

/** The labels the controls show. */
export interface ControlLabels { jobDelay: string; apply: string; saved: string; addSeeds: string; addSeedsHint: string; addSeedsDone: string }

/** The job's delay and the add-seeds form. */
export function JobControls({ jobId, delayMs, labels }: { jobId: number; delayMs: number; labels: ControlLabels }) {
  const [delay, delayAction] = useActionState<ControlState, FormData>(setJobDelayAction, {});
  const [seeds, seedsAction] = useActionState<ControlState, FormData>(addSeedsAction, {});
  return (
    <div className="grid grid-cols-1 gap-3 text-sm md:grid-cols-2">
      <form action={delayAction} data-testid="job-delay-form" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="jobId" value={jobId} />
        <label className="flex flex-col gap-1">{labels.jobDelay}
          <input name="delayMs" type="number" min={0} max={600000} step={100} defaultValue={delayMs} className="w-36 rounded border border-slate-300 px-2 py-1" />
        </label>
        <button className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100">{labels.apply}</button>
        {delay.ok && <span role="status" className="text-teal-800">{labels.saved}</span>}
        {delay.error && <span role="alert" className="text-red-700">{delay.error}</span>}
      </form>
      <form action={seedsAction} data-testid="add-seeds-form" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="jobId" value={jobId} />
        <label className="flex min-w-0 flex-1 flex-col gap-1">{labels.addSeeds}
          <textarea name="seeds" rows={2} placeholder={labels.addSeedsHint} className="rounded border border-slate-300 px-2 py-1 font-mono text-xs" />
        </label>
        <button className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100">{labels.addSeeds}</button>
        {seeds.added !== undefined && <span role="status" className="text-teal-800">{labels.addSeedsDone.replace("{n}", String(seeds.added))}</span>}
        {seeds.error && <span role="alert" className="break-all text-red-700">{seeds.error}</span>}
      </form>
    </div>
  );
}
