/**
 * CPU time and memory of processes and of the whole machine, read from Linux's /proc: what the
 * scale-out benchmark charges to the workers, to PostgreSQL and to everything else running.
 */
import fs from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node runs on

/** CPU seconds of one process: its own, and those of children it has waited for (`stat` fields 14–17). */
export function parseStatCpu(stat: string): { self: number; children: number } {
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return { self: (utime + stime) / TICKS_PER_SECOND, children: (cutime + cstime) / TICKS_PER_SECOND };
}

/** The parent pid of a `stat` line (field 4). */
function parseStatParent(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** The `stat` line of process (or, under `/proc/self/task`, thread) `pid`; null once it has ended. */
function readStat(pid: number, dir = "/proc"): string | null {
  try {
    return fs.readFileSync(`${dir}/${pid}/stat`, "utf8");
  } catch {
    return null; // the process has ended
  }
}

/** CPU seconds used so far by process `pid` (null once it has ended). */
export function cpuSecondsOf(pid: number): number | null {
  const stat = readStat(pid);
  return stat === null ? null : parseStatCpu(stat).self;
}

/**
 * CPU seconds used so far by a server process and all its descendants, the ended ones included:
 * PostgreSQL's sessions are children of the postmaster, which waits for each as it ends.
 */
export function treeCpuSeconds(rootPid: number): number {
  const stat = readStat(rootPid);
  if (stat === null) return 0;
  const root = parseStatCpu(stat);
  let total = root.self + root.children;
  for (const name of fs.readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === rootPid) continue;
    const s = readStat(pid);
    if (s !== null && parseStatParent(s) === rootPid) total += parseStatCpu(s).self;
  }
  return total;
}

/**
 * CPU seconds of this process's live threads (/proc/self/task): the main thread, the busiest other
 * thread (the analysis thread, with one) and the rest together (V8's helpers, which collect garbage
 * for every isolate; libuv's pool). Every thread but the main one is called "node", so they are
 * told apart by how busy they are.
 */
export function ownThreadCpuSeconds(): { main: number; busiestOther: number; rest: number } {
  let main = 0;
  const others: number[] = [];
  for (const tid of fs.readdirSync("/proc/self/task")) {
    const stat = readStat(Number(tid), "/proc/self/task");
    if (stat === null) continue; // the thread ended
    if (tid === String(process.pid)) main = parseStatCpu(stat).self;
    else others.push(parseStatCpu(stat).self);
  }
  const busiest = Math.max(0, ...others);
  return { main, busiestOther: busiest, rest: others.reduce((a, b) => a + b, 0) - busiest };
}

/** Peak resident set size of `pid` in MB so far (VmHWM), or null once it has ended. */
export function peakRssMbOf(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine so far, every core summed (the `cpu` line of /proc/stat). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICKS_PER_SECOND, total: (busy + idle + iowait) / TICKS_PER_SECOND };
}

/** How many cores the machine has. */
export function coreCount(): number {
  return os.availableParallelism?.() ?? os.cpus().length;
}
