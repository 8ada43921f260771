import { getPrisma } from "@/lib/store/infra/prisma";
import { json } from "@/app/json";

export const dynamic = "force-dynamic";

/** Liveness with the database: {"ok":true} only when a query answers. */
export async function GET() {
  try {
    await getPrisma().$queryRaw`select 1`;
    return json({ ok: true });
  } catch (err) {
    return json({ ok: false, error: `database unreachable: ${(err as Error).message}` }, { status: 503 });
  }
}
