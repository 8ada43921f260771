"use server";
import { redirect } from "next/navigation";
import { createComparison } from "@/lib/store/comparisons";
import { UnknownTopicError } from "@/lib/store/jobs";
import { getPrisma } from "@/lib/store/infra/prisma";
import type { FieldErrors } from "@/lib/jobs/input";
import { parseComparisonInput } from "@/lib/jobs/comparison-input";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import { getT } from "../i18n";
import { requireOperator } from "../auth/current";
import { loadCatalogueKnowledge } from "@/lib/store/catalogue-imports";
import { getSql } from "@/lib/store/infra/sql";

/** What the comparison form shows after a failed submit. */
export interface CompareState { errors?: FieldErrors; values?: Record<string, string> }

/** Validate and start a comparison, then open it. */
export async function createComparisonAction(_prev: CompareState, form: FormData): Promise<CompareState> {
  await requireOperator();
  // "No saved topic" is an empty topicId: the topic then comes from the keywords and classes.
  const values = Object.fromEntries([...form.entries()].filter(([k, v]) => !k.startsWith("$") && k !== "strategies" && !(k === "topicId" && v === ""))
    .map(([k, v]) => [k, String(v)]));
  const strategies = form.getAll("strategies").map(String);
  await loadCatalogueKnowledge(getSql());
  const input = parseComparisonInput({ ...values, strategies });
  if (!input.ok) return { errors: localizeFieldErrors(input.errors, (await getT()).locale), values: { ...values, strategies: strategies.join(",") } };
  let id;
  try {
    id = await createComparison(getPrisma(), input.value, input.strategies);
  } catch (err) {
    if (err instanceof UnknownTopicError) return { errors: localizeFieldErrors({ topicId: [err.message] }, (await getT()).locale), values };
    throw err;
  }
  redirect(`/compare/${id}`);
}
