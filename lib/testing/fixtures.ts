/** Test fixtures: jobs created the way the product creates them. */
import { createJob } from "../store/jobs";
import { createPrisma } from "../store/infra/prisma";
import { parseJobInput, type JobInput } from "../jobs/input";

/** Create a job from raw input (as the form or API would send it); throws if the input is invalid. */
export async function makeJob(url: string, raw: Record<string, unknown>) {
  // bfs unless told: the tests were written for the link order it gives (a job naming no strategy gets DEFAULT_STRATEGY).
  const input = parseJobInput({ keywords: "计算机", seeds: "http://seed.test/", strategy: "bfs", ...raw });
  if (!input.ok) throw new Error(input.message);
  const prisma = createPrisma(url);
  try {
    return await createJob(prisma, input.value as JobInput);
  } finally {
    await prisma.$disconnect();
  }
}
