"use client";
import { useActionState } from "react";
import type { webhookMessages } from "@/lib/i18n/webhook-messages";
import { addWebhookAction, type WebhookFormState } from "./actions";

type M = ReturnType<typeof webhookMessages>;
/** Whose endpoints the forms change: a workflow's or a job's. */
export interface OwnerFields { kind: "workflow" | "job"; id: number }
const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";
const EVENTS: [string, keyof M][] = [["run.finished", "event_run_finished"], ["run.failed", "event_run_failed"], ["run.stalled", "event_run_stalled"]];

/** Add a webhook endpoint: URL, secret (never shown back) and events; errors are named under their fields. */
export function WebhookForm({ owner, m }: { owner: OwnerFields; m: M }) {
  const [state, action, isPending] = useActionState<WebhookFormState, FormData>(addWebhookAction, { values: { url: "", events: ["run.finished", "run.failed"] } });
  const events = state.values?.events ?? [];
  return (
    // The key resets the fields (the secret above all) once an endpoint was added.
    <form key={state.added ?? "form"} action={action} data-testid="webhook-form" className="space-y-2 border-t border-slate-100 pt-3" noValidate>
      <input type="hidden" name="ownerKind" value={owner.kind} /><input type="hidden" name="ownerId" value={owner.id} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="block text-sm"><span className="font-medium">{m.url}</span>
          <input name="url" defaultValue={state.values?.url ?? ""} placeholder="https://hooks.example.com/focuscrawl" aria-invalid={state.errors?.url ? true : undefined} className={`${input} font-mono`} />
          {state.errors?.url && <p data-testid="error-url" className="mt-1 text-xs text-red-700">{state.errors.url.join("；")}</p>}
        </label>
        <label className="block text-sm"><span className="font-medium">{m.secret}</span>
          <input name="secret" type="password" autoComplete="off" aria-invalid={state.errors?.secret ? true : undefined} className={`${input} font-mono`} />
          <span className="mt-1 block text-xs text-slate-500">{m.secretHint}</span>
          {state.errors?.secret && <p data-testid="error-secret" className="mt-1 text-xs text-red-700">{state.errors.secret.join("；")}</p>}
        </label>
      </div>
      <fieldset className="text-sm">
        <legend className="font-medium">{m.events}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {EVENTS.map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-1">
              <input type="checkbox" name="events" value={value} defaultChecked={events.includes(value)} /> {m[label]} <code className="text-xs text-slate-500">{value}</code>
            </label>
          ))}
        </div>
        {state.errors?.events && <p data-testid="error-events" className="mt-1 text-xs text-red-700">{state.errors.events.join("；")}</p>}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <button data-testid="webhook-add" disabled={isPending} className="rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800 disabled:opacity-50">{m.add}</button>
        {state.added && <span role="status" className="text-xs text-teal-800">{m.added}</span>}
      </div>
    </form>
  );
}
