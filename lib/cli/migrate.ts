/** `focuscrawl migrate` (npm run db:migrate): apply pending migrations and exit. */
import { openDatabase } from "../store/infra/connect";
import { loadEnv } from "../env";

/** Apply migrations to DATABASE_URL, or to the embedded database. */
export async function runMigrate(): Promise<number> {
  const db = await openDatabase(loadEnv(), (l) => console.log(l));
  await db.stop();
  console.log("database is up to date");
  return 0;
}
