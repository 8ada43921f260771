/** The `focuscrawl` command line. */
import { DatabaseUnreachableError } from "../store/infra/connect";
import { EnvError } from "../env";
import { UsageError } from "./args";
import { CLASSES_USAGE, runClasses } from "./classes";
import { CRAWL_USAGE, runCrawl } from "./crawl";
import { EVAL_USAGE, runEval } from "./eval";
import { EXPORT_USAGE, runExport } from "./export";
import { JUDGE_QUEUE_USAGE, runJudgeQueue } from "./judge-queue";
import { REINDEX_USAGE, runReindex } from "./reindex";
import { runTestWeb, TESTWEB_USAGE } from "./testweb";
import { REALWEB_USAGE, runRealWeb } from "./realweb";
import { runMigrate } from "./migrate";
import { runScore, runTopic, TOPIC_USAGE } from "./topic";
import { runToken, runUser, USERS_USAGE } from "./users";

const USAGE = `usage: focuscrawl <command> [options]

commands:
  crawl     run a crawl job to its end and report
  eval      compare link strategies on the same topic and seeds (the evaluation lab)
  topic     build a topic file from CLC classes, keywords and examples
  score     score JSON-lines documents against a topic file
  classes   extend the class knowledge from a library catalogue (records with CLC numbers)
  testweb   serve the deterministic test web
  realweb   serve the realistic web (real text from the lab's data folder)
  migrate   apply pending database migrations
  export    write a job's pages to a CSV, JSON Lines or WARC file
  judge-queue  the next pages of a job to judge (nearest its threshold, spread over sites), as JSON lines
  reindex   give search vectors to pages stored before full-text search existed
  user      add, list or remove the people who sign in to the dashboard (roles operator, viewer)
  token     add, list or revoke API tokens for scripts

${CRAWL_USAGE}

${EVAL_USAGE}

${TOPIC_USAGE}

${CLASSES_USAGE}

${TESTWEB_USAGE}

${EXPORT_USAGE}

${JUDGE_QUEUE_USAGE}

${REINDEX_USAGE}

${REALWEB_USAGE}

${USERS_USAGE}`;

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  crawl: runCrawl, eval: runEval, topic: runTopic, score: runScore, classes: runClasses, testweb: runTestWeb, realweb: runRealWeb, migrate: runMigrate,
  export: runExport, "judge-queue": runJudgeQueue, reindex: runReindex, user: runUser, token: runToken,
};

/** Run the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  if (!run) {
    console.error(`unknown command "${command}"; commands: ${Object.keys(COMMANDS).join(", ")}`);
    return 2;
  }
  try {
    return await run(rest);
  } catch (err) {
    const e = err as Error & { code?: string };
    if (err instanceof UsageError || e.code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`focuscrawl ${command}: ${e.message}`);
      return 2;
    }
    if (err instanceof EnvError || err instanceof DatabaseUnreachableError) {
      console.error(e.message);
      return 1;
    }
    throw err;
  }
}
