import Link from "next/link";
import { getSql } from "@/lib/store/infra/sql";
import { listWebhooks, type WebhookOwner } from "@/lib/store/webhooks";
import { listDeliveryLog, type DeliveryLogRow } from "@/lib/store/webhook-outbox";
import { eventLabel, webhookMessages } from "@/lib/i18n/webhook-messages";
import { receiverOrigin } from "@/lib/webhooks/input";
import { fill } from "@/lib/i18n/workflow-messages";
import type { Locale } from "@/lib/i18n/messages";
import { ConfirmButton } from "../../jobs/[id]/confirm-button";
import { removeWebhookAction, testWebhookAction } from "./actions";
import { WebhookForm, type OwnerFields } from "./webhook-form";

type M = ReturnType<typeof webhookMessages>;
const small = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-100";

/** The delivery log: one row per attempt (a delivery not tried yet shows as attempt 0). */
function DeliveryLog({ rows, m, locale }: { rows: DeliveryLogRow[]; m: M; locale: Locale }) {
  if (rows.length === 0) return <p data-testid="deliveries-empty" className="text-sm text-slate-500">{m.logNone}</p>;
  const time = (d: Date | null) => (d ? d.toLocaleString(locale, { dateStyle: "short", timeStyle: "medium" }) : "–");
  return (
    <div className="overflow-x-auto rounded border border-slate-200">
      <table data-testid="delivery-log" className="w-full min-w-[48rem] text-xs">
        <thead className="bg-slate-100 text-left">
          <tr>{[m.colAt, m.colEvent, m.colRun, m.colAttempt, m.colStatus, m.colDuration, m.colError, m.colNextRetry].map((h) => <th key={h} className="whitespace-nowrap p-2">{h}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.deliveryId}-${r.attempt}`} data-testid="delivery-row" data-event={r.event} data-status={r.statusCode ?? ""} data-state={r.status} className="border-t border-slate-100 align-top">
              <td className="whitespace-nowrap p-2">{time(r.at)}</td>
              <td className="whitespace-nowrap p-2">{eventLabel(m, r.event)}</td>
              <td className="p-2">{r.jobId ? <Link href={`/jobs/${r.jobId}`} className="text-teal-700 hover:underline">#{r.jobId}</Link> : "–"}</td>
              <td className="p-2 tabular-nums">{r.attempt}</td>
              <td className="whitespace-nowrap p-2 tabular-nums">
                {r.attempt === 0 ? "–" : r.statusCode ?? m.noAnswer}
                <span className={`ml-1 rounded px-1 ${r.status === "delivered" ? "bg-teal-50 text-teal-800" : r.status === "failed" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-800"}`}>
                  {m[`state_${r.status}` as keyof M] ?? r.status}</span>
              </td>
              <td className="whitespace-nowrap p-2 tabular-nums">{r.attempt === 0 ? "–" : fill(m.ms, { n: r.durationMs })}</td>
              <td className="max-w-[16rem] break-words p-2 text-red-800">{r.error ?? ""}</td>
              <td className="whitespace-nowrap p-2">{time(r.nextRetryAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OwnerInputs({ owner }: { owner: OwnerFields }) {
  return <><input type="hidden" name="ownerKind" value={owner.kind} /><input type="hidden" name="ownerId" value={owner.id} /></>;
}

/** The webhooks of a workflow or a job: its endpoints (add, delete, test), how deliveries are signed, and the delivery log. */
export async function WebhooksPanel({ owner, locale, canEdit }: { owner: OwnerFields; locale: Locale; canEdit: boolean }) {
  const m = webhookMessages(locale);
  const sql = getSql();
  const key: WebhookOwner = owner.kind === "workflow" ? { workflowId: owner.id } : { jobId: owner.id };
  const [hooks, log] = await Promise.all([listWebhooks(sql, key), listDeliveryLog(sql, key, 30)]);
  return (
    <section data-testid="webhooks-panel" className="space-y-3 rounded border border-slate-200 bg-white p-3">
      <h2 className="text-lg font-semibold">{m.title}</h2>
      <p className="text-xs text-slate-600">{owner.kind === "job" ? m.hintJob : m.hint}</p>
      <p data-testid="signature-help" className="rounded bg-slate-50 p-2 text-xs text-slate-700">{m.signatureHelp}</p>
      {hooks.length === 0 ? <p data-testid="webhooks-none" className="text-sm text-slate-500">{m.none}</p> : (
        <ul data-testid="webhooks" className="divide-y divide-slate-100 text-sm">
          {hooks.map((h) => (
            <li key={h.id} data-testid="webhook-row" className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <code className="break-all font-mono text-xs">{canEdit ? h.url : receiverOrigin(h.url)}</code>
              <span className="text-xs text-slate-600">{h.events.map((e) => eventLabel(m, e)).join(locale === "en" ? ", " : "、")}</span>
              <span className="text-xs text-slate-400">{m.secretKept}</span>
              {canEdit && (
                <span className="ml-auto flex gap-2">
                  <form action={testWebhookAction}><OwnerInputs owner={owner} /><input type="hidden" name="webhookId" value={h.id} />
                    <button data-testid="webhook-test" className={small}>{m.test}</button></form>
                  <form action={removeWebhookAction}><OwnerInputs owner={owner} /><input type="hidden" name="webhookId" value={h.id} />
                    <ConfirmButton testId="webhook-remove" question={fill(m.removeConfirm, { url: h.url })} className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs text-red-800 hover:bg-red-50">{m.remove}</ConfirmButton></form>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && <WebhookForm owner={owner} m={m} />}
      <h3 className="pt-2 text-sm font-semibold">{m.log}</h3>
      <DeliveryLog rows={log} m={m} locale={locale} />
    </section>
  );
}
