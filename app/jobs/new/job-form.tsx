"use client";
import { useActionState, useEffect, useRef, useState } from "react";
import type { ParamSpec } from "@/lib/strategy/types";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { createJobAction, type CreateJobState } from "../actions";
import { SeedsField } from "./seeds-field";
import { TopicPicker, type PickableTopic } from "./topic-picker";

type Labels = Record<"name" | "nameHint" | "keywords" | "keywordsHint" | "clc" | "clcHint" | "seeds" | "seedsHint" | "strategy" | "maxPages" |
  "maxDepth" | "threshold" | "delay" | "hostConnections" | "submit" | "hasErrors" | "advanced" | "scope" | "allow" | "deny" | "proxy" |
  "siteAuth" | "cookies" | "sitemaps" | "fetchMode" | "browserHosts" | "resolve" | "priorityFeedback" | "priorityFeedbackHint" | "idleCapacity" |
  "goalFast" | "goalFastHint" | "goalFew" | "goalFewHint", string>;

/** The advanced settings: numbers with their labels and defaults, and the scope choices. */
export interface AdvancedFields {
  numbers: { name: string; label: string; value: number }[]; scopes: { value: string; label: string }[]; fetchModes: { value: string; label: string }[];
}

const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";

/** Whether a switch that is on by default is on in the form's values ("off"/"false" from a failed submit, a copy or a workflow's spec). */
const isOnByDefault = (value: string | undefined) => value !== "off" && value !== "false";

/**
 * A setting that is on unless unticked. The hidden "off" comes first and a ticked box's "on"
 * after it: the form's values keep the last of a name, so an unticked box sends "off" rather than
 * nothing (which would mean the default, on).
 */
function DefaultOnSwitch({ name, label, hint, value }: { name: string; label: string; hint: string; value: string | undefined }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="hidden" name={name} value="off" />
      <input key={value ?? "on"} type="checkbox" name={name} value="on" defaultChecked={isOnByDefault(value)} className="mt-1" data-testid={`switch-${name}`} />
      <span><span className="font-medium">{label}</span><span className="block text-xs text-slate-600">{hint}</span></span>
    </label>
  );
}

/**
 * The crawl's goal when good hosts wait out their politeness delay (the idleCapacity setting): as
 * fast as possible (idle slots fetch held-back URLs the budget would fetch anyway) or as few pages
 * as possible (idle slots wait for the good hosts), which saves budget when it is small.
 */
function GoalChoice({ labels, value }: { labels: Labels; value: string | undefined }) {
  const fast = isOnByDefault(value);
  const option = (v: "on" | "off", label: string, hint: string, testId: string) => (
    <label className="flex items-start gap-2 text-sm">
      <input key={`${v}-${value ?? "on"}`} type="radio" name="idleCapacity" value={v} defaultChecked={(v === "on") === fast} className="mt-1" data-testid={testId} />
      <span><span className="font-medium">{label}</span><span className="block text-xs text-slate-600">{hint}</span></span>
    </label>
  );
  return (
    <fieldset className="space-y-1" data-testid="goal-choice">
      <legend className="text-sm font-medium">{labels.idleCapacity}</legend>
      {option("on", labels.goalFast, labels.goalFastHint, "goal-fast")}
      {option("off", labels.goalFew, labels.goalFewHint, "goal-few")}
    </fieldset>
  );
}

function FieldError({ errors, name }: { errors?: Record<string, string[]>; name: string }) {
  const list = errors?.[name];
  if (!list?.length) return null;
  return <p id={`error-${name}`} data-testid={`error-${name}`} className="mt-1 text-xs text-red-700">{list.join("; ")}</p>;
}

/** What to find candidate seeds for: the saved topic chosen, else the keywords and classes typed (null: none yet). */
function searchBodyOf(form: HTMLFormElement | null, topicId: string): Record<string, unknown> | null {
  if (topicId) return { topicId: Number(topicId) };
  const value = (name: string) => ((form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "").trim();
  const keywords = value("keywords");
  const clc = value("clc");
  return keywords || clc ? { keywords, clc: clc.split(/[\s,，、;；]+/).filter(Boolean) } : null;
}

/** The error key a control's messages are under: strategy parameters share one ("strategyParams"). */
const errorKeyOf = (name: string) => (name.startsWith("strategyParams.") ? "strategyParams" : name);

/**
 * After a submit the server refused: mark every control with an error aria-invalid and tie it to
 * its message, and move the focus to the first of them (opening the advanced settings if it is there).
 */
function useMarkInvalid(form: React.RefObject<HTMLFormElement | null>, errors: Record<string, string[]> | undefined) {
  useEffect(() => {
    if (!form.current) return;
    let first: HTMLElement | null = null;
    for (const el of Array.from(form.current.elements) as HTMLInputElement[]) {
      if (!el.name || el.type === "hidden") continue;
      const key = errorKeyOf(el.name);
      if (errors?.[key]?.length) {
        el.setAttribute("aria-invalid", "true");
        el.setAttribute("aria-describedby", `error-${key}`);
        first ??= el;
      } else {
        el.removeAttribute("aria-invalid");
        if (el.getAttribute("aria-describedby")?.startsWith("error-")) el.removeAttribute("aria-describedby");
      }
    }
    if (first) {
      const details = first.closest("details");
      if (details) details.open = true;
      first.focus();
    }
  }, [form, errors]);
}

/** A number input with its label and errors; typed as text so the server can say what is wrong with it. */
function NumberField({ name, label, value, errors, decimal }: {
  name: string; label: string; value: string | number; errors?: Record<string, string[]>; decimal?: boolean;
}) {
  return (
    <label className="block text-sm">
      <span className="font-medium">{label}</span>
      <input name={name} inputMode={decimal ? "decimal" : "numeric"} defaultValue={value} className={input} />
      <FieldError errors={errors} name={name} />
    </label>
  );
}

/** The new-job form: validated on the server; errors come back per field with the typed values kept. */
/** A strategy's parameter fields, named strategyParams.STRATEGY.NAME so that only the chosen one's are read. */
function StrategyParams({ strategy, errors, values }: {
  strategy: { id: string; description: string; source: string; params: ParamSpec[] }; errors?: Record<string, string[]>; values: Record<string, string>;
}) {
  return (
    <div data-testid="strategy-params" className="rounded bg-slate-50 p-2 text-sm">
      <p className="text-xs text-slate-600">{strategy.description} <span className="text-slate-400">({strategy.source})</span></p>
      {strategy.params.length > 0 && (
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {strategy.params.map((p) => {
            const name = `strategyParams.${strategy.id}.${p.name}`;
            const value = values[name] ?? String(p.default);
            return (
              <label key={p.name} className="block text-xs">
                <span className="font-mono font-medium">{p.name}</span> <span className="text-slate-500">{p.description}</span>
                {p.kind === "choice"
                  ? <select name={name} defaultValue={value} className={input}>{p.choices.map((c) => <option key={c}>{c}</option>)}</select>
                  : <input name={name} inputMode="decimal" defaultValue={value} className={input} />}
              </label>
            );
          })}
        </div>
      )}
      <FieldError errors={errors} name="strategyParams" />
    </div>
  );
}

export function JobForm({ labels, strategies, recommended, defaults, advanced, topics, topicId, topicLabels, initial, save = createJobAction, hidden = {}, note }: {
  labels: Labels; strategies: { id: string; name: string; description: string; source: string; params: ParamSpec[] }[]; advanced: AdvancedFields;
  /** The strategy a job gets when it names none, chosen when the form opens, with the lab's figure behind it. */
  recommended: { id: string; suffix: string; hint: string };
  /** Saved topics to pick from, and the one chosen when the form opens (?topicId=). */
  topics: PickableTopic[]; topicId?: string; topicLabels: TopicMessages;
  defaults: { maxPages: number; maxDepth: number; pageThreshold: number; minDelayMs: number; maxHostConnections: number };
  /** Values the form opens with (a cloned job's, ?clone=). */
  initial?: Record<string, string>;
  /** The server action the form submits to (a new job by default; the workflow pages save a workflow), with hidden fields. */
  save?: (prev: CreateJobState, form: FormData) => Promise<CreateJobState>; hidden?: Record<string, string>;
  /** A line shown above the topic fields (a workflow that keeps the topic of the job it was made from). */
  note?: string;
}) {
  const [state, action, isPending] = useActionState<CreateJobState, FormData>(save, initial ? { values: initial } : {});
  const v = state.values ?? {};
  const [chosen, setChosen] = useState(v.strategy ?? recommended.id);
  const [topicChoice, setTopicChoice] = useState(v.topicId ?? topicId ?? "");
  const strategy = strategies.find((s) => s.id === chosen) ?? strategies[0];
  const formRef = useRef<HTMLFormElement>(null);
  useMarkInvalid(formRef, state.errors);
  return (
    <form ref={formRef} action={action} className="space-y-4 rounded border border-slate-200 bg-white p-4" noValidate>
      {state.errors && <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">{labels.hasErrors}</p>}
      {Object.entries(hidden).map(([k, val]) => <input key={k} type="hidden" name={k} value={val} />)}
      <label className="block text-sm">
        <span className="font-medium">{labels.name}</span> <span className="text-xs text-slate-500">{labels.nameHint}</span>
        <input name="name" defaultValue={v.name} className={input} />
        <FieldError errors={state.errors} name="name" />
      </label>
      {note && <p data-testid="form-note" className="rounded bg-slate-50 p-2 text-xs text-slate-600">{note}</p>}
      <TopicPicker m={topicLabels} topics={topics} chosen={topicChoice} onChoose={setTopicChoice} />
      <FieldError errors={state.errors} name="topicId" />
      <label className="block text-sm">
        <span className="font-medium">{labels.keywords}</span> <span className="text-xs text-slate-500">{labels.keywordsHint}</span>
        <input name="keywords" defaultValue={v.keywords} className={input} />
        <FieldError errors={state.errors} name="keywords" />
      </label>
      <label className="block text-sm">
        <span className="font-medium">{labels.clc}</span> <span className="text-xs text-slate-500">{labels.clcHint}</span>
        <input name="clc" defaultValue={v.clc} className={`${input} font-mono`} />
        <FieldError errors={state.errors} name="clc" />
      </label>
      <SeedsField m={topicLabels} name="seeds" defaultValue={v.seeds} defaultOrigins={v.seedOrigins} className={`${input} font-mono`} topicId={topicChoice}
        label={<><span className="font-medium">{labels.seeds}</span> <span className="text-xs text-slate-500">{labels.seedsHint}</span></>}
        searchBody={() => searchBodyOf(formRef.current, topicChoice)}>
        <FieldError errors={state.errors} name="seeds" />
        <FieldError errors={state.errors} name="seedOrigins" />
      </SeedsField>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <label className="block text-sm">
          <span className="font-medium">{labels.strategy}</span>
          <select name="strategy" value={chosen} onChange={(e) => setChosen(e.target.value)} className={input}>
            {strategies.map((s) => <option key={s.id} value={s.id}>{s.name}{s.id === recommended.id ? recommended.suffix : ""}</option>)}
          </select>
          <FieldError errors={state.errors} name="strategy" />
        </label>
        <NumberField name="maxPages" label={labels.maxPages} value={v.maxPages ?? defaults.maxPages} errors={state.errors} />
        <NumberField name="maxDepth" label={labels.maxDepth} value={v.maxDepth ?? defaults.maxDepth} errors={state.errors} />
        {/* A saved topic brings the threshold it was saved with; choosing another topic puts that one's in the field. */}
        <NumberField key={`threshold-${topicChoice}`} name="pageThreshold" label={labels.threshold} errors={state.errors} decimal
          value={v.pageThreshold ?? topics.find((t) => String(t.id) === topicChoice)?.pageThreshold ?? defaults.pageThreshold} />
        <NumberField name="minDelayMs" label={labels.delay} value={v.minDelayMs ?? defaults.minDelayMs} errors={state.errors} />
        <NumberField name="maxHostConnections" label={labels.hostConnections} value={v.maxHostConnections ?? defaults.maxHostConnections} errors={state.errors} />
      </div>
      <p data-testid="strategy-recommended" className="text-xs text-teal-800">{recommended.hint}</p>
      <StrategyParams strategy={strategy} errors={state.errors} values={v} />
      <details className="rounded border border-slate-200 p-3" open={advanced.numbers.some((n) => state.errors?.[n.name]) ||
        ["scope", "fetchMode", "browserHosts", "resolve", "sitemaps", "priorityFeedback", "idleCapacity", "allow", "deny", "proxy", "siteAuth", "cookies"].some((k) => state.errors?.[k])}>
        <summary className="cursor-pointer text-sm font-medium">{labels.advanced}</summary>
        <div className="mt-3 space-y-3">
          <label className="block text-sm">
            <span className="font-medium">{labels.scope}</span>
            <select key={v.scope ?? "any"} name="scope" defaultValue={v.scope ?? "any"} className={input}>
              {advanced.scopes.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </select>
            <FieldError errors={state.errors} name="scope" />
          </label>
          <label className="block text-sm">
            <span className="font-medium">{labels.fetchMode}</span>
            {/* Keyed by the value: a form action resets the form, and a select takes its defaultValue only when mounted. */}
            <select key={v.fetchMode ?? "http"} name="fetchMode" defaultValue={v.fetchMode ?? "http"} className={input}>
              {advanced.fetchModes.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
            </select>
            <FieldError errors={state.errors} name="fetchMode" />
          </label>
          <label className="block text-sm">
            <span className="font-medium">{labels.browserHosts}</span>
            <textarea name="browserHosts" rows={2} defaultValue={v.browserHosts} className={`${input} font-mono`} />
            <FieldError errors={state.errors} name="browserHosts" />
          </label>
          <label className="block text-sm">
            <span className="font-medium">{labels.resolve}</span>
            <textarea name="resolve" rows={2} defaultValue={v.resolve} placeholder="js.test=127.0.0.1:8700" className={`${input} font-mono`} />
            <FieldError errors={state.errors} name="resolve" />
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="sitemaps" defaultChecked={v.sitemaps === "on" || v.sitemaps === "true"} className="mt-1" />
            <span>{labels.sitemaps}</span>
          </label>
          <FieldError errors={state.errors} name="sitemaps" />
          <DefaultOnSwitch name="priorityFeedback" label={labels.priorityFeedback} hint={labels.priorityFeedbackHint} value={v.priorityFeedback} />
          <FieldError errors={state.errors} name="priorityFeedback" />
          <GoalChoice labels={labels} value={v.idleCapacity} />
          <FieldError errors={state.errors} name="idleCapacity" />
          {(["allow", "deny"] as const).map((k) => (
            <label key={k} className="block text-sm">
              <span className="font-medium">{labels[k]}</span>
              <textarea name={k} rows={2} defaultValue={v[k]} className={`${input} font-mono`} />
              <FieldError errors={state.errors} name={k} />
            </label>
          ))}
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {advanced.numbers.map((n) => (
              <NumberField key={n.name} name={n.name} label={n.label} value={v[n.name] ?? n.value} errors={state.errors} />
            ))}
          </div>
          {/* Credentials are never sent back: after a failed submit they must be typed again. */}
          <label className="block text-sm">
            <span className="font-medium">{labels.proxy}</span>
            <input name="proxy" type="password" autoComplete="off" className={`${input} font-mono`} />
            <FieldError errors={state.errors} name="proxy" />
          </label>
          {(["siteAuth", "cookies"] as const).map((k) => (
            <label key={k} className="block text-sm">
              <span className="font-medium">{labels[k]}</span>
              <textarea name={k} rows={2} autoComplete="off" className={`${input} font-mono`} />
              <FieldError errors={state.errors} name={k} />
            </label>
          ))}
        </div>
      </details>
      <button type="submit" disabled={isPending} className="rounded bg-teal-700 px-4 py-2 text-sm text-white hover:bg-teal-800 disabled:opacity-50">
        {labels.submit}
      </button>
    </form>
  );
}
