"use server";
import { revalidatePath } from "next/cache";
import { addWebhook, removeWebhook } from "@/lib/store/webhooks";
import { getSql } from "@/lib/store/infra/sql";
import { deploymentAddressPolicy } from "@/lib/env";
import { parseWebhookInput } from "@/lib/webhooks/input";
import { sendTestDelivery } from "@/lib/webhooks/dashboard-webhooks";
import { localizeError, localizeFieldErrors } from "@/lib/i18n/errors";
import type { WebhookOwner } from "@/lib/store/webhooks";
import { getT } from "../../i18n";
import { requireOperator } from "../../auth/current";
import { parseId } from "../../json";

/** The owner the form names (hidden fields ownerKind and ownerId) and its page. */
function ownerOf(form: FormData): { owner: WebhookOwner; path: string } | null {
  const id = parseId(String(form.get("ownerId")));
  if (id === null) return null;
  return form.get("ownerKind") === "job" ? { owner: { jobId: id }, path: `/jobs/${id}` } : { owner: { workflowId: id }, path: `/workflows/${id}` };
}

/** What the webhook form shows after a submit: per-field errors with the values typed (never the secret), or that it was added. */
export interface WebhookFormState { errors?: Record<string, string[]>; added?: number; values?: { url: string; events: string[] } }

/** Add an endpoint to a workflow or a job; a bad URL, secret or event list writes nothing and comes back with why, in the interface's language. */
export async function addWebhookAction(_prev: WebhookFormState, form: FormData): Promise<WebhookFormState> {
  await requireOperator();
  const { locale } = await getT();
  const at = ownerOf(form);
  if (!at) return {};
  const raw = { url: String(form.get("url") ?? ""), secret: String(form.get("secret") ?? ""), events: form.getAll("events").map(String) };
  // The secret is never sent back to the browser, not even to the person who typed it.
  const values = { url: raw.url, events: raw.events };
  const input = parseWebhookInput(raw, deploymentAddressPolicy());
  if (!input.ok) return { errors: localizeFieldErrors(input.errors, locale), values };
  const r = await addWebhook(getSql(), at.owner, input.value);
  if (!r.ok) return { errors: { url: [localizeError(r.message, locale)] }, values };
  revalidatePath(at.path);
  return { added: r.webhook.id, values: { url: "", events: values.events } };
}

/** Delete an endpoint and its delivery log. */
export async function removeWebhookAction(form: FormData): Promise<void> {
  await requireOperator();
  const at = ownerOf(form);
  const webhookId = parseId(String(form.get("webhookId")));
  if (!at || webhookId === null) return;
  await removeWebhook(getSql(), at.owner, webhookId);
  revalidatePath(at.path);
}

/** Send a test delivery to an endpoint now; the result shows in the delivery log. */
export async function testWebhookAction(form: FormData): Promise<void> {
  await requireOperator();
  const at = ownerOf(form);
  const webhookId = parseId(String(form.get("webhookId")));
  if (!at || webhookId === null) return;
  await sendTestDelivery(at.owner, webhookId);
  revalidatePath(at.path);
}
