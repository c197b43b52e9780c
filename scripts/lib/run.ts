import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './project';

/**
 * Commands still running: killed when this process exits, so a background
 * Pagefind run never outlives a bench or `npm start`. One set and one exit
 * listener per process, however often this module is loaded (test runners
 * load it once per test file).
 */
const RUNNING = Symbol.for('theralink.run.children');
const processState = globalThis as typeof globalThis & { [RUNNING]?: Set<ChildProcess> };
const running = (processState[RUNNING] ??= (() => {
  const children = new Set<ChildProcess>();
  process.on('exit', () => {
    for (const child of children) {
      child.kill();
      // A paused child (scripts/lib/foreground.ts) acts on the signal only once it goes on.
      child.kill('SIGCONT');
    }
  });
  return children;
})());

export interface RunOptions {
  env?: Record<string, string | undefined>;
  quiet?: boolean;
  /** Told of the process once started (to signal it). */
  onSpawn?: (child: ChildProcess) => void;
}

/** Runs a command to completion, streaming or capturing its output; rejects on a non-zero exit. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    options.onSpawn?.(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (!options.quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      running.delete(child);
      reject(error);
    });
    // 'close', not 'exit': the output may still be on its way when the process exits.
    child.on('close', (code) => {
      running.delete(child);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}
