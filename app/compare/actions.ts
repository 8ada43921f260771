"use server";
import { redirect } from "next/navigation";
import { createComparison } from "@/lib/store/comparisons";
import { getPrisma } from "@/lib/store/infra/prisma";
import type { FieldErrors } from "@/lib/jobs/input";
import { parseComparisonInput } from "@/lib/jobs/comparison-input";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import { getT } from "../i18n";
import { requireOperator } from "../auth/current";

/** What the comparison form shows after a failed submit. */
export interface CompareState { errors?: FieldErrors; values?: Record<string, string> }

/** Validate and start a comparison, then open it. */
export async function createComparisonAction(_prev: CompareState, form: FormData): Promise<CompareState> {
  await requireOperator();
  const values = Object.fromEntries([...form.entries()].filter(([k]) => !k.startsWith("$") && k !== "strategies").map(([k, v]) => [k, String(v)]));
  const strategies = form.getAll("strategies").map(String);
  const input = parseComparisonInput({ ...values, strategies });
  if (!input.ok) return { errors: localizeFieldErrors(input.errors, (await getT()).locale), values: { ...values, strategies: strategies.join(",") } };
  const id = await createComparison(getPrisma(), input.value, input.strategies);
  redirect(`/compare/${id}`);
}
