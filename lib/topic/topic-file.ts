/**
 * Topics as JSON files, to move them between installations: what a person defined (name,
 * description, threshold, definition), never the built vector, which is rebuilt on import.
 */
import { z } from "zod";
import { TopicDefinitionSchema, type TopicDefinition } from "./topic";

/** The `format` a topic file names, so that other JSON is recognised as not one. */
export const TOPIC_FILE_FORMAT = "focuscrawl-topic";

/** The file's content. */
export interface TopicFile { format: typeof TOPIC_FILE_FORMAT; version: 1; name: string; description: string; pageThreshold: number; definition: TopicDefinition }

/** The export of a saved topic. */
export function toTopicFile(t: { name: string; description: string; pageThreshold: number; definition: unknown }): TopicFile {
  return { format: TOPIC_FILE_FORMAT, version: 1, name: t.name, description: t.description, pageThreshold: t.pageThreshold, definition: t.definition as TopicDefinition };
}

const TopicFileSchema = z.object({
  format: z.literal(TOPIC_FILE_FORMAT, { error: `file: not a FocusCrawl topic file (its "format" must be "${TOPIC_FILE_FORMAT}"); export one from the topics library` }),
  version: z.literal(1, { error: "file: this topic file's version is not supported (only version 1)" }),
  name: z.string({ error: "name: give the topic a name (at most 200 characters)" }).trim().min(1, "name: give the topic a name (at most 200 characters)").max(200, "name: give the topic a name (at most 200 characters)"),
  description: z.string().max(2000, "description must be at most 2000 characters").default(""),
  pageThreshold: z.number({ error: "pageThreshold must be between 0 and 1" }).min(0, "pageThreshold must be between 0 and 1").max(1, "pageThreshold must be between 0 and 1"),
  definition: TopicDefinitionSchema,
});

/** Read a topic file's text: the topic, or every problem as "field: message" lines. */
export function parseTopicFile(text: string): { ok: true; value: TopicFile } | { ok: false; errors: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, errors: ["file: this file is not JSON; choose a .json file exported from the topics library"] };
  }
  const parsed = TopicFileSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map((i) => i.message))] };
  return { ok: true, value: parsed.data as TopicFile };
}
