/** Reading a new password for `focuscrawl user add`: from standard input, or typed at a hidden prompt. */
import readline from "node:readline";
import { UsageError } from "./args";

/** All of standard input without its final line break (`--password-stdin`, or input from a pipe). */
export async function readPasswordFromStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, "");
}

/** Ask on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const write = (rl as unknown as { _writeToOutput: (s: string) => void });
  let isPrompting = true;
  write._writeToOutput = (s: string) => {
    if (isPrompting) process.stderr.write(s);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
    isPrompting = false;
  });
}

/** The new password: from stdin when asked or when it is not a terminal, else typed twice at a prompt. */
export async function readNewPassword(isFromStdin: boolean): Promise<string> {
  if (isFromStdin || !process.stdin.isTTY) return readPasswordFromStdin();
  const first = await askHidden("password: ");
  const second = await askHidden("password again: ");
  if (first !== second) throw new UsageError("the two passwords differ: run the command again and type the same password twice");
  return first;
}
