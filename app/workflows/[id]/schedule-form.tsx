"use client";
import { useActionState, useState } from "react";
import { describeCron, parseSchedule, upcomingRuns } from "@/lib/jobs/schedule";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import type { workflowMessages } from "@/lib/i18n/workflow-messages";
import { saveScheduleAction, type ScheduleState } from "../actions";

type M = ReturnType<typeof workflowMessages>;
const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";

/** A schedule's words and next times as typed, or its errors, in the interface's language (checked again on the server). */
function Preview({ cron, timeZone, locale, m }: { cron: string; timeZone: string; locale: "zh-CN" | "en"; m: M }) {
  if (!cron.trim()) return null;
  const s = parseSchedule(cron, timeZone);
  if (!s.ok) {
    const errors = localizeFieldErrors(s.errors, locale);
    return <p data-testid="schedule-preview-error" className="text-xs text-red-700">{Object.values(errors).flat().join("；")}</p>;
  }
  const next = upcomingRuns(s.value, new Date(), 3);
  const fmt = (d: Date) => d.toLocaleString(locale, { timeZone: s.value.timeZone, dateStyle: "medium", timeStyle: "short" });
  return (
    <div data-testid="schedule-preview" className="rounded bg-slate-50 p-2 text-xs text-slate-700">
      <p><span className="text-slate-500">{m.schedulePreview}: </span><span data-testid="schedule-words">{describeCron(s.value.cron, locale)}</span> ({s.value.timeZone})</p>
      <p><span className="text-slate-500">{m.scheduleNext}: </span>{next.map(fmt).join(" · ")}</p>
    </div>
  );
}

const PRESETS: [keyof M, string][] = [["presetMinute", "* * * * *"], ["presetHourly", "0 * * * *"], ["presetDaily", "0 3 * * *"], ["presetWeekly", "0 3 * * 1"]];

/** Set, change or remove a workflow's schedule, with a live preview in words and the next times in its time zone. */
export function ScheduleForm({ workflowId, initial, locale, m, canEdit }: {
  workflowId: number; initial: { schedule: string; timeZone: string }; locale: "zh-CN" | "en"; m: M; canEdit: boolean;
}) {
  const [state, action, isPending] = useActionState<ScheduleState, FormData>(saveScheduleAction, { values: initial });
  const [cron, setCron] = useState(state.values?.schedule ?? initial.schedule);
  const [tz, setTz] = useState(state.values?.timeZone ?? initial.timeZone);
  if (!canEdit) return null;
  return (
    <form action={action} data-testid="schedule-form" className="space-y-2" noValidate>
      <input type="hidden" name="workflowId" value={workflowId} />
      <p className="text-xs text-slate-600">{m.scheduleHint}</p>
      <div className="flex flex-wrap gap-2 text-xs">
        <span className="text-slate-500">{m.schedulePresets}:</span>
        {PRESETS.map(([label, value]) => (
          <button key={value} type="button" data-testid={`preset-${value.replaceAll(" ", "_")}`} onClick={() => setCron(value)}
            className="rounded-full border border-slate-300 bg-white px-2 py-0.5 hover:border-teal-600">{m[label]}</button>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="block text-sm"><span className="font-medium">{m.scheduleCron}</span>
          <input name="schedule" value={cron} onChange={(e) => setCron(e.target.value)} placeholder="0 3 * * 1" aria-invalid={state.errors?.schedule ? true : undefined}
            className={`${input} font-mono`} />
          {state.errors?.schedule && <p data-testid="error-schedule" className="mt-1 text-xs text-red-700">{state.errors.schedule.join("；")}</p>}
        </label>
        <label className="block text-sm"><span className="font-medium">{m.scheduleTimeZone}</span>
          <input name="timeZone" value={tz} onChange={(e) => setTz(e.target.value)} placeholder="Asia/Shanghai" aria-invalid={state.errors?.timeZone ? true : undefined}
            className={`${input} font-mono`} />
          {state.errors?.timeZone && <p data-testid="error-timeZone" className="mt-1 text-xs text-red-700">{state.errors.timeZone.join("；")}</p>}
        </label>
      </div>
      <Preview cron={cron} timeZone={tz} locale={locale} m={m} />
      <div className="flex flex-wrap items-center gap-2">
        <button data-testid="schedule-save" name="intent" value="save" disabled={isPending}
          className="rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800 disabled:opacity-50">{m.scheduleSave}</button>
        {initial.schedule && <button data-testid="schedule-remove" name="intent" value="remove" disabled={isPending}
          className="rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">{m.scheduleRemove}</button>}
        {state.saved && <span role="status" className="text-xs text-teal-800">{state.saved === "saved" ? m.scheduleSaved : m.scheduleRemoved}</span>}
      </div>
    </form>
  );
}
