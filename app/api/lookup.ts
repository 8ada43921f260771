import { getSql } from "@/lib/store/infra/sql";
import { json, parseId } from "@/app/json";

/**
 * The job named by a route's id segment, or the 404 to answer: a job that does not exist has no
 * pages, queue or judgements to list, and saying "200, nothing" hid typos in ids (job 0).
 */
export async function findJobId(raw: string): Promise<{ id: number } | { response: Response }> {
  const id = parseId(raw);
  const [row] = id === null ? [] : await getSql()<{ id: number }[]>`select id from jobs where id = ${id}`;
  return row ? { id: row.id } : { response: json({ error: `there is no job ${raw.slice(0, 40)}` }, { status: 404 }) };
}

/** The saved topic named by a route's id segment, or the 404 to answer. */
export async function findTopicId(raw: string): Promise<{ id: number } | { response: Response }> {
  const id = parseId(raw);
  const [row] = id === null ? [] : await getSql()<{ id: number }[]>`select id from topics where id = ${id}`;
  return row ? { id: row.id } : { response: json({ error: `there is no topic ${raw.slice(0, 40)}` }, { status: 404 }) };
}
