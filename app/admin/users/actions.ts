"use server";
/**
 * The users page's server actions: add a user, change a role, set a password, remove a user.
 * Each checks the admin role (the proxy already refuses others), validates with the zod schemas of
 * lib/auth/user-input.ts, and comes back to the page with what happened, or why not, in its address.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { firstUserInputProblem, newUserSchema, removeUserSchema, userPasswordSchema, userRoleSchema } from "@/lib/auth/user-input";
import type { USER_ERRORS, USER_NOTICES } from "@/lib/i18n/users-messages";
import { getSql } from "@/lib/store/infra/sql";
import type { Failure } from "@/lib/store/failure";
import { createUser, removeUser, setUserPassword, setUserRole } from "@/lib/store/users";
import { requireAdmin } from "../../auth/current";

type Outcome = { done: (typeof USER_NOTICES)[number] } | { error: (typeof USER_ERRORS)[number] };

/** Back to the page with the outcome and the user it concerns (`isAdd`: the add form keeps the name it refused). */
function back(outcome: Outcome, name: string, isAdd = false): never {
  revalidatePath("/admin/users");
  const q = new URLSearchParams({ ...outcome, name: name.slice(0, 80), ...(isAdd && "error" in outcome ? { form: "add" } : {}) });
  redirect(`/admin/users?${q}`);
}

/** The page's key for a refusal of the store. */
function failureKey(f: Failure, conflict: "nameTaken" | "lastAdmin"): (typeof USER_ERRORS)[number] {
  if (f.kind === "not-found") return "noSuchUser";
  if (f.kind === "conflict") return conflict;
  return /password/.test(f.message) ? "passwordShort" : "nameInvalid";
}

/** The form's fields read by `schema`, or back to the page with the first problem. */
async function readForm<T extends z.ZodType>(schema: T, form: FormData, isAdd = false): Promise<z.infer<T>> {
  await requireAdmin();
  const fields = Object.fromEntries(["name", "password", "role"].map((k) => [k, form.get(k) ?? undefined]));
  const r = schema.safeParse(fields);
  if (!r.success) back({ error: firstUserInputProblem(r.error) }, String(fields.name ?? ""), isAdd);
  return r.data as z.infer<T>;
}

/** Add a user with a name, password and role. */
export async function addUserAction(form: FormData): Promise<void> {
  const input = await readForm(newUserSchema, form, true);
  const r = await createUser(getSql(), input.name, input.role, input.password);
  back(r.ok ? { done: "added" } : { error: failureKey(r, "nameTaken") }, input.name, true);
}

/** Give a user another role (never leaving no admin). */
export async function changeRoleAction(form: FormData): Promise<void> {
  const input = await readForm(userRoleSchema, form);
  const r = await setUserRole(getSql(), input.name, input.role);
  back(r.ok ? { done: "roleChanged" } : { error: failureKey(r, "lastAdmin") }, input.name);
}

/** Set a user's password; their sessions end. */
export async function setPasswordAction(form: FormData): Promise<void> {
  const input = await readForm(userPasswordSchema, form);
  const r = await setUserPassword(getSql(), input.name, input.password);
  back(r.ok ? { done: "passwordSet" } : { error: failureKey(r, "lastAdmin") }, input.name);
}

/** Remove a user, with their sessions and tokens (never the last admin). */
export async function removeUserAction(form: FormData): Promise<void> {
  const input = await readForm(removeUserSchema, form);
  const r = await removeUser(getSql(), input.name);
  back(r.ok ? { done: "removed" } : { error: failureKey(r, "lastAdmin") }, input.name);
}
