/**
 * Waiting for a started process to become ready without a fixed deadline:
 * a busy or old machine may take minutes to start the Firestore emulator
 * (Java), and a cut-off that fits a fast one fails there. So the wait goes
 * on while the process makes progress (alive, and its output, its log files
 * or its CPU time moving), says every `reportEveryMs` what it still waits
 * for, and gives up only when the process exits or has been silent for
 * `silenceMs`, with the tail of its log.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';

export interface StartWait {
  child: ChildProcess;
  /** Which of the awaited parts do not answer yet (empty: ready). */
  notReady(): Promise<string[]>;
  /** A fingerprint of the process's progress; any change counts as a sign of life. */
  progress(): string;
  /** The log tail shown when the wait fails. */
  log(): string;
  /** Give up after this long without a sign of life (default 180 s). */
  silenceMs?: number;
  /** Say what is still awaited this often (default 15 s). */
  reportEveryMs?: number;
  /** How often to look (default 300 ms). */
  pollMs?: number;
  /** Receives the progress lines (default: console.log). */
  say?: (line: string) => void;
}

export class StartFailedError extends Error {}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Resolves once notReady() is empty; rejects when the process exits or stays silent for silenceMs. */
export async function waitForStart(wait: StartWait): Promise<void> {
  const { child, silenceMs = 180_000, reportEveryMs = 15_000, pollMs = 300 } = wait;
  const say = wait.say ?? ((line: string) => console.log(line));
  const started = Date.now();
  let exited: number | null = child.exitCode;
  const onExit = (code: number | null) => (exited = code ?? 1);
  child.once('exit', onExit);
  let lastProgress = wait.progress();
  let lastMoved = started;
  let nextReport = started + reportEveryMs;
  try {
    for (;;) {
      const waiting = await wait.notReady();
      if (waiting.length === 0) return;
      if (exited !== null) throw new StartFailedError(`exited (code ${exited}) before ${waiting.join(', ')} answered:\n${wait.log()}`);
      const now = Date.now();
      const progress = wait.progress();
      if (progress !== lastProgress) {
        lastProgress = progress;
        lastMoved = now;
      }
      if (now - lastMoved > silenceMs) {
        child.kill('SIGINT');
        throw new StartFailedError(
          `made no progress for ${seconds(silenceMs)} (${waiting.join(', ')} not answering after ${seconds(now - started)}):\n${wait.log()}`,
        );
      }
      if (now >= nextReport) {
        nextReport = now + reportEveryMs;
        say(
          `Still waiting for ${waiting.join(', ')} (${seconds(now - started)} so far; last sign of life ${seconds(now - lastMoved)} ago)…`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    child.off('exit', onExit);
  }
}

/** The CPU time (clock ticks) of `pid` and its descendants, from /proc; 0 where there is no /proc (macOS). */
export function processTreeCpuTicks(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const children = new Map<number, number[]>();
    const ticks = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const parent = Number(fields[1]);
        ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
        children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      } catch {
        // The process ended while the list was read.
      }
    }
    let total = 0;
    const stack = [pid];
    while (stack.length > 0) {
      const next = stack.pop()!;
      total += ticks.get(next) ?? 0;
      stack.push(...(children.get(next) ?? []));
    }
    return total;
  } catch {
    return 0;
  }
}

/** Sizes of the files that exist among `files` (an emulator's debug logs), as one fingerprint. */
export function fileSizes(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        return String(statSync(file).size);
      } catch {
        return '-';
      }
    })
    .join(',');
}
