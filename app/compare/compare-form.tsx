"use client";
import { useActionState, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { TopicPicker, type PickableTopic } from "../jobs/new/topic-picker";
import { createComparisonAction, type CompareState } from "./actions";

const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";

function FieldError({ errors, name }: { errors?: Record<string, string[]>; name: string }) {
  const list = errors?.[name];
  return list?.length ? <p data-testid={`error-${name}`} className="mt-1 text-xs text-red-700">{list.join("; ")}</p> : null;
}

/** The comparison form: one topic, seeds and limits; the strategies to run them with (each named, then what it does without its name again). */
export function CompareForm({ labels, strategies, defaults, topics, topicLabels }: {
  labels: Record<"keywords" | "clc" | "seeds" | "maxPages" | "delay" | "strategies" | "submit" | "hasErrors", string>;
  strategies: { id: string; name: string; description: string }[];
  defaults: { maxPages: number; minDelayMs: number; picked: string[] };
  /** Saved topics: a comparison can run on one instead of keywords and classes. */
  topics: PickableTopic[]; topicLabels: TopicMessages;
}) {
  const [state, action, isPending] = useActionState<CompareState, FormData>(createComparisonAction, {});
  const v = state.values ?? {};
  const [topicChoice, setTopicChoice] = useState(v.topicId ?? "");
  const picked = new Set(v.strategies !== undefined ? v.strategies.split(",") : defaults.picked);
  return (
    <form action={action} className="space-y-4 rounded border border-slate-200 bg-white p-4" noValidate>
      {state.errors && <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">{labels.hasErrors}</p>}
      {topics.length > 0 && <TopicPicker m={topicLabels} topics={topics} chosen={topicChoice} onChoose={setTopicChoice} />}
      <FieldError errors={state.errors} name="topicId" />
      {(["keywords", "clc"] as const).map((k) => (
        <label key={k} className="block text-sm">
          <span className="font-medium">{labels[k]}</span>
          <input name={k} defaultValue={v[k]} className={input} />
          <FieldError errors={state.errors} name={k} />
        </label>
      ))}
      <label className="block text-sm">
        <span className="font-medium">{labels.seeds}</span>
        <textarea name="seeds" rows={3} defaultValue={v.seeds} className={`${input} font-mono`} />
        <FieldError errors={state.errors} name="seeds" />
      </label>
      <div className="grid grid-cols-2 gap-4">
        <label className="block text-sm"><span className="font-medium">{labels.maxPages}</span>
          <input name="maxPages" inputMode="numeric" defaultValue={v.maxPages ?? defaults.maxPages} className={input} />
          <FieldError errors={state.errors} name="maxPages" /></label>
        <label className="block text-sm"><span className="font-medium">{labels.delay}</span>
          <input name="minDelayMs" inputMode="numeric" defaultValue={v.minDelayMs ?? defaults.minDelayMs} className={input} />
          <FieldError errors={state.errors} name="minDelayMs" /></label>
      </div>
      <fieldset className="text-sm">
        <legend className="font-medium">{labels.strategies}</legend>
        <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
          {strategies.map((s) => (
            <label key={s.id} className="flex items-start gap-2">
              <input type="checkbox" name="strategies" value={s.id} defaultChecked={picked.has(s.id)} className="mt-1" />
              <span><span className="font-medium">{s.name}</span> <span className="text-xs text-slate-500">{s.description.replace(/^[^:：]+[:：]\s*/, "")}</span></span>
            </label>
          ))}
        </div>
        <FieldError errors={state.errors} name="strategies" />
      </fieldset>
      <button type="submit" disabled={isPending} className="rounded bg-teal-700 px-4 py-2 text-sm text-white hover:bg-teal-800 disabled:opacity-50">
        {labels.submit}
      </button>
    </form>
  );
}
