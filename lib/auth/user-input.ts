/**
 * What the users page accepts, as zod schemas: the same rules as the command line (names of
 * letters, digits and . _ @ -, passwords of at least MIN_PASSWORD_CHARS characters, the known
 * roles). Each problem's message is a key of the users page's texts, so it is shown in the
 * reader's language.
 */
import { z } from "zod";
import { checkNewPassword } from "./password";
import { isValidUserName } from "./policy";
import { ROLES } from "./roles";

/** The problems the schemas report, as message keys. */
export type UserInputProblem = "nameInvalid" | "passwordShort" | "roleInvalid";

const name = z.string().trim().refine(isValidUserName, { error: "nameInvalid" satisfies UserInputProblem });
const password = z.string().refine((p) => checkNewPassword(p) === null, { error: "passwordShort" satisfies UserInputProblem });
const role = z.enum(ROLES, { error: "roleInvalid" satisfies UserInputProblem });

/** Adding a user: name, password and role. */
export const newUserSchema = z.object({ name, password, role });
/** Giving a user another role. */
export const userRoleSchema = z.object({ name, role });
/** Setting a user's password. */
export const userPasswordSchema = z.object({ name, password });
/** Removing a user. */
export const removeUserSchema = z.object({ name });

/** The first problem of a failed parse, as a message key. */
export function firstUserInputProblem(error: z.ZodError): UserInputProblem {
  const key = error.issues[0]?.message;
  return key === "passwordShort" || key === "roleInvalid" ? key : "nameInvalid";
}
