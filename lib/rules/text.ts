/**
 * Text PostgreSQL can store. Its `text` and `jsonb` refuse the NUL character (U+0000), and a lone
 * UTF-16 surrogate (U+D800–U+DFFF without its pair, which JSON's `\ud800` escape produces) is no
 * Unicode character at all and cannot be encoded as UTF-8. Both reached the database from the API
 * and failed there as a 500; they are refused where input is read, with the field named.
 */

/** Deepest nesting of arrays and objects a request body may have (no definition the dashboard reads goes past 4). */
export const MAX_JSON_DEPTH = 64;

// With the u flag a well-formed pair reads as one code point, so \p{Cs} matches only a lone surrogate.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Why `text` cannot be stored, or null: a NUL character or a lone surrogate, with its position (1-based). */
export function describeTextProblem(text: string): string | null {
  const m = UNSTORABLE.exec(text);
  if (!m) return null;
  const at = m.index + 1;
  if (m[0] === "\u0000") return `contains a NUL character (U+0000) at character ${at}: remove it`;
  const code = m[0].charCodeAt(0).toString(16).toUpperCase();
  return `contains a lone UTF-16 surrogate (U+${code}) at character ${at}: send valid Unicode text (UTF-8)`;
}

/**
 * Bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates,
 * U+200E/U+200F/U+061C marks) reorder the text shown after them: a name "job\u202Egpj.exe" reads
 * "jobexe.jpg". Zero-width characters (U+200B–U+200D, U+2060, U+FEFF) make two names that look
 * the same differ. Neither belongs in a name a person picks a job or workflow by.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** Why a display name is refused, or null: a bidirectional control or a zero-width character, with its code point and position (1-based). */
export function describeInvisibleCharacter(text: string): string | null {
  const m = INVISIBLE.exec(text);
  if (!m) return null;
  const code = `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  const what = BIDI.test(m[0]) ? "an invisible text-direction control" : "an invisible zero-width character";
  return `contains ${what} (${code}) at character ${m.index + 1}, which makes the name look different from what it is: remove it`;
}

const MAX_FIELD_NAME_CHARS = 64;
const shortName = (k: string) => (k.length > MAX_FIELD_NAME_CHARS ? `${[...k].slice(0, MAX_FIELD_NAME_CHARS).join("")}…` : k);

/** A problem found in a value: the top-level field it is under ("input" for the value itself) and the message. */
export interface TextProblem { field: string; message: string }

/**
 * Every string (keys included) in a parsed JSON value or form value that cannot be stored, and
 * nesting deeper than MAX_JSON_DEPTH. Walks with its own stack, so a hostile depth cannot
 * overflow the call stack; stops at the first problem of each top-level field.
 */
export function findTextProblems(value: unknown): TextProblem[] {
  const problems = new Map<string, string>();
  const stack: { v: unknown; field: string; depth: number }[] = [{ v: value, field: "input", depth: 0 }];
  while (stack.length > 0) {
    const { v, field, depth } = stack.pop()!;
    if (problems.has(field)) continue;
    if (typeof v === "string") {
      const p = describeTextProblem(v);
      if (p) problems.set(field, `${field}: ${p}`);
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      problems.set(field, `${field}: nested more than ${MAX_JSON_DEPTH} levels deep: send a flatter value`);
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      const keyProblem = describeTextProblem(k);
      const f = depth === 0 && !Array.isArray(v) && !keyProblem ? shortName(k) : field;
      if (keyProblem) problems.set(f, `${f}: a property name ${keyProblem}`);
      else stack.push({ v: child, field: f, depth: depth + 1 });
    }
  }
  return [...problems].map(([field, message]) => ({ field, message }));
}
