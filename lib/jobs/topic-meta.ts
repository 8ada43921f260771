/** What a saved topic has besides its definition: name, description, page threshold. */
import { DEFAULT_PAGE_THRESHOLD } from "./input";

/** A topic's name, description and threshold. */
export interface TopicMeta { name: string; description: string; pageThreshold: number }

/** Longest topic name, as for job names. */
export const MAX_TOPIC_NAME_CHARS = 200;
/** Longest topic description: a paragraph, not a document (example texts hold documents). */
export const MAX_TOPIC_DESCRIPTION_CHARS = 2000;

/**
 * Validate a request body's name, description and pageThreshold. A new topic needs a name; a new
 * version (`isRevision`) keeps the old name, description and threshold when they are left out.
 */
export function parseTopicMeta(body: Record<string, unknown>, opts: { isRevision?: boolean } = {}):
  { ok: true; value: Partial<TopicMeta> } | { ok: false; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  const value: Partial<TopicMeta> = {};
  const name = typeof body.name === "string" ? body.name.trim() : "";
  if (name && name.length <= MAX_TOPIC_NAME_CHARS) value.name = name;
  else if (name || !opts.isRevision) fields.name = [`name: give the topic a name (at most ${MAX_TOPIC_NAME_CHARS} characters)`];
  if (body.description !== undefined) {
    if (typeof body.description !== "string" || body.description.length > MAX_TOPIC_DESCRIPTION_CHARS) {
      fields.description = [`description must be at most ${MAX_TOPIC_DESCRIPTION_CHARS} characters`];
    } else value.description = body.description.trim();
  }
  if (body.pageThreshold !== undefined || !opts.isRevision) {
    const threshold = body.pageThreshold === undefined || body.pageThreshold === "" ? DEFAULT_PAGE_THRESHOLD : Number(body.pageThreshold);
    if (threshold >= 0 && threshold <= 1) value.pageThreshold = threshold;
    else fields.pageThreshold = ["pageThreshold must be between 0 and 1"];
  }
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value };
}
