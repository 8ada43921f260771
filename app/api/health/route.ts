import { getPrisma } from "@/lib/store/infra/prisma";
import { json } from "@/app/json";

export const dynamic = "force-dynamic";

/**
 * Liveness with the database, answered without credentials (the start script and load
 * balancers poll it): {"ok":true}, or 503 {"ok":false,"down":"database"} and nothing more.
 */
export async function GET() {
  try {
    await getPrisma().$queryRaw`select 1`;
    return json({ ok: true });
  } catch {
    return json({ ok: false, down: "database" }, { status: 503 });
  }
}
