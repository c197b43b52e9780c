import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { processTreeCpuTicks, waitForStart } from '../../scripts/lib/wait-for-start';

/** A real child process running `script`, with its output collected. */
function child(script: string): { process: ChildProcess; output: () => string } {
  const started = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(started);
  return { process: started, output: () => output };
}
const children: ChildProcess[] = [];
afterEach(() => {
  for (const each of children.splice(0)) each.kill('SIGKILL');
});

describe('waitForStart', () => {
  it('waits past the silence limit for a slow start that keeps logging, and says what it waits for', async () => {
    // Ready after ~3 s, logging every 50 ms: three times the 1 s silence limit.
    const slow = child(
      `console.log('started'); let n = 0; setInterval(() => { console.log('step ' + ++n); if (n === 60) console.log('READY'); }, 50);`,
    );
    // The wait starts once it logs: node itself took over the limit to start beside a build on two cores.
    while (!slow.output().includes('started')) await new Promise((resolve) => setTimeout(resolve, 20));
    const lines: string[] = [];
    await waitForStart({
      child: slow.process,
      notReady: async () => (slow.output().includes('READY') ? [] : ['the slow part']),
      progress: () => String(slow.output().length),
      log: slow.output,
      silenceMs: 1_000,
      reportEveryMs: 1_200,
      pollMs: 20,
      say: (line) => lines.push(line),
    });
    expect(slow.output()).toContain('READY');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^Still waiting for the slow part \(\d+ s so far; last sign of life \d+ s ago\)…$/);
  });

  it('gives up after the silence limit with the log tail, and stops the process', async () => {
    const silent = child(`console.log('started, then nothing'); setInterval(() => {}, 1000);`);
    // Its one line is out before the wait starts (node may take seconds to start on a busy machine).
    while (!silent.output().includes('started, then nothing')) await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = waitForStart({
      child: silent.process,
      notReady: async () => ['the silent part'],
      progress: () => String(silent.output().length),
      log: silent.output,
      silenceMs: 400,
      pollMs: 20,
      say: () => undefined,
    });
    await expect(waiting).rejects.toThrow(/made no progress for 0 s \(the silent part not answering after \d+ s\):\nstarted, then nothing/);
    await new Promise((resolve) => silent.process.once('exit', resolve));
    expect(silent.process.signalCode).toBe('SIGINT');
  });

  it('fails at once when the process exits before it is ready', async () => {
    const crashing = child(`console.log('cannot bind'); process.exit(3);`);
    await expect(
      waitForStart({
        child: crashing.process,
        notReady: async () => ['the crashing part'],
        progress: () => String(crashing.output().length),
        log: crashing.output,
        silenceMs: 60_000,
        pollMs: 20,
      }),
    ).rejects.toThrow(/exited \(code 3\) before the crashing part answered:\ncannot bind/);
  });
});

describe('processTreeCpuTicks', () => {
  it('counts the CPU time of a process and its children, growing while they work', async () => {
    const parent = child(
      `require('node:child_process').spawn(process.execPath, ['-e', 'const end = Date.now() + 6000; while (Date.now() < end) {}'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const early = processTreeCpuTicks(parent.process.pid);
    // The parent sleeps: what grows is its busy child's time (10 ticks: 0.1 s of CPU, however busy the machine).
    const deadline = Date.now() + 5_000;
    while (processTreeCpuTicks(parent.process.pid) < early + 10 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processTreeCpuTicks(parent.process.pid)).toBeGreaterThanOrEqual(early + 10);
    expect(processTreeCpuTicks(undefined)).toBe(0);
  });
});
