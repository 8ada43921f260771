/**
 * Catalogue imports: class knowledge learned from a person's own library records, stored so every
 * process (dashboard, CLI) lays the same overlays over the shipped knowledge before it builds topics.
 */
import { classKnowledgeOverlaySignature, setClassKnowledgeOverlays, type ClassKnowledgeFile } from "../topic/knowledge/knowledge";
import type { LearnedClass } from "../topic/catalogue/learn";
import { isDatabaseAway } from "./infra/database-away";
import type { Sql } from "./infra/sql";

/** An import as the catalogue page lists it. */
export interface CatalogueImportListing { id: number; name: string; createdAt: Date; createdBy: string | null; records: number; summary: LearnedClass[] }

/** Store what a catalogue taught; returns the new import's id. */
export async function createCatalogueImport(sql: Sql, input: { name: string; createdBy: string | null; records: number; overlay: ClassKnowledgeFile; summary: LearnedClass[] }): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into catalogue_imports (name, created_by, records, classes, summary)
    values (${input.name}, ${input.createdBy}, ${input.records}, ${sql.json(input.overlay.classes as never)}, ${sql.json(input.summary as never)})
    returning id`;
  return row.id;
}

/** Every import, newest first. */
export async function listCatalogueImports(sql: Sql): Promise<CatalogueImportListing[]> {
  return sql<CatalogueImportListing[]>`
    select id, name, created_at as "createdAt", created_by as "createdBy", records, summary
    from catalogue_imports order by id desc`;
}

/** Delete an import (its words leave the knowledge at the next load); false when there is no such import. */
export async function deleteCatalogueImport(sql: Sql, id: number): Promise<boolean> {
  const rows = await sql`delete from catalogue_imports where id = ${id} returning id`;
  return rows.length > 0;
}

/**
 * Lay the stored imports over the shipped class knowledge (call before building topics). A first
 * query of the ids alone lets an unchanged set of imports cost one small read, not their words.
 * With the database away the overlays last loaded stay: a topic preview or a class's words need
 * no database of their own, and must not fail because the imports cannot be re-read.
 */
export async function loadCatalogueKnowledge(sql: Sql): Promise<void> {
  try {
    await readOverlays(sql);
  } catch (err) {
    if (!isDatabaseAway(err)) throw err;
  }
}

async function readOverlays(sql: Sql): Promise<void> {
  const [{ ids }] = await sql<{ ids: string }[]>`select coalesce(string_agg(id::text, ',' order by id), '') as ids from catalogue_imports`;
  if (ids === classKnowledgeOverlaySignature()) return;
  const rows = await sql<{ id: number; classes: ClassKnowledgeFile["classes"] }[]>`select id, classes from catalogue_imports order by id`;
  setClassKnowledgeOverlays(rows.map((r) => ({ version: 1, classes: r.classes })), rows.map((r) => r.id).join(","));
}
