/** Runs the CLI from npm scripts (`npm run testweb -- ...`, `npm run db:migrate`). */
import { main } from "./main";

process.exitCode = await main(process.argv.slice(2));
