/**
 * Build the field posterior's model (lib/topic/knowledge/field-posterior.json; docs/ALGORITHMS.md
 * §1.3d) from the class knowledge's own sources (lib/topic/knowledge/sources.ts, which removes every
 * text the benches measure on): CSL's labelled abstracts by discipline, TNEWS's labelled headlines
 * and the unlabelled ones self-training labels, by category, each mapped to CLC.
 *   npm run build:field-posterior -- [--data ../shared/data] [--out FILE]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { labelledDocs, loadKnowledgeSources } from "../lib/topic/knowledge/sources";
import { posteriorDocs } from "../lib/topic/knowledge/posterior-docs";
import { FIELD_POSTERIOR_FILE, learnFieldPosterior } from "../lib/topic/field-posterior";

const { values } = parseArgs({ options: { data: { type: "string" }, out: { type: "string" } } });
const DATA = path.resolve(values.data ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));
const OUT = path.resolve(values.out ?? FIELD_POSTERIOR_FILE);

const docs = posteriorDocs(labelledDocs(loadKnowledgeSources(DATA)));
const model = learnFieldPosterior(docs);
fs.writeFileSync(OUT, JSON.stringify(model));
console.log(`${model.labels.length} labels, ${docs.length} texts, ${Object.keys(model.words).length} words → ${OUT} (${(fs.statSync(OUT).size / 1e6).toFixed(1)} MB)`);
