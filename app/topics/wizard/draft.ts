/** The wizard's draft topic: what the person chose and typed, and how it becomes a topic definition. */

/** A chosen CLC class; `path` holds the codes of the classes above it, top first. */
export interface ClassChoice { code: string; name: string; nameEn?: string; path: string[] }

/** An example URL and what fetching it gave. */
export interface ExampleUrl { url: string; state: "loading" | "ok" | "error"; title?: string; text?: string; error?: string }

/** A keyword and its weight. */
export interface Keyword { term: string; weight: number }

/** Everything the wizard keeps between steps (also in sessionStorage, so a reload loses nothing). */
export interface Draft {
  classes: ClassChoice[];
  keywords: Keyword[];
  negative: string;
  userDict: string;
  exampleTexts: string[];
  exampleUrls: ExampleUrl[];
  /** Whether the chosen classes bring their field vocabulary (absent in drafts kept from before: on). */
  classKnowledge?: boolean;
  /** Term → weight multiplier from the preview; 0 removes the term. */
  termWeights: Record<string, number>;
  name: string;
  description: string;
  pageThreshold: string;
}

/** A blank draft. */
export function emptyDraft(): Draft {
  return { classes: [], keywords: [], negative: "", userDict: "", exampleTexts: [], exampleUrls: [], termWeights: {}, name: "", description: "", pageThreshold: "0.035" };
}

/** The four steps, in order; each is addressable as ?step=NAME. */
export const STEPS = ["classes", "refine", "preview", "save"] as const;
/** A wizard step. */
export type Step = (typeof STEPS)[number];

/** The step named in the URL, or the first. */
export function toStep(value: string | undefined): Step {
  return (STEPS as readonly string[]).includes(value ?? "") ? (value as Step) : "classes";
}

/** The topic definition the API builds (POST /api/topics/preview, /api/topics). */
export function toDefinition(d: Draft) {
  const usable = d.exampleUrls.filter((u) => u.state === "ok");
  return {
    clc: d.classes.map((c) => c.code),
    keywords: d.keywords,
    negative: d.negative,
    userDict: d.userDict,
    exampleTexts: d.exampleTexts.filter((t) => t.trim()),
    exampleUrls: usable.map((u) => u.url),
    exampleUrlTexts: usable.map((u) => `${u.title ?? ""}\n${u.text ?? ""}`),
    termWeights: Object.entries(d.termWeights).map(([term, weight]) => ({ term, weight })),
    classKnowledge: d.classKnowledge !== false,
  };
}

/** True when the draft has anything to build a topic from. */
export function hasContent(d: Draft): boolean {
  return d.classes.length > 0 || d.keywords.length > 0 || d.exampleTexts.some((t) => t.trim()) || d.exampleUrls.some((u) => u.state === "ok");
}

/** Pairs (ancestor, descendant) among the chosen classes: choosing a class already takes in its subclasses. */
export function nestedChoices(classes: ClassChoice[]): [ClassChoice, ClassChoice][] {
  const out: [ClassChoice, ClassChoice][] = [];
  for (const child of classes) for (const parent of classes) if (child.path.includes(parent.code)) out.push([parent, child]);
  return out;
}

/** A saved topic's definition as a draft (to edit it as a new version). */
export function draftFromTopic(t: { name: string; description: string; pageThreshold: number; definition: Record<string, unknown>; classes: ClassChoice[] }): Draft {
  const def = t.definition as { keywords?: Keyword[]; negative?: string[]; userDict?: string[]; exampleTexts?: string[]; exampleUrls?: string[]; termWeights?: Keyword[]; classKnowledge?: boolean };
  return {
    ...emptyDraft(),
    classes: t.classes,
    keywords: def.keywords ?? [],
    negative: (def.negative ?? []).join(", "),
    userDict: (def.userDict ?? []).join(", "),
    exampleTexts: def.exampleTexts ?? [],
    exampleUrls: (def.exampleUrls ?? []).map((url) => ({ url, state: "loading" })),
    termWeights: Object.fromEntries((def.termWeights ?? []).map((k) => [k.term, k.weight])),
    classKnowledge: def.classKnowledge !== false,
    name: t.name, description: t.description, pageThreshold: String(t.pageThreshold),
  };
}
