/**
 * A render worker's own memory every 5 s, appended to the file named by
 * MEMORY_TRACE_WORKERS (the full-build bench sets it beside MEMORY_TRACE):
 * the process's resident size alone cannot say whether a peak is a worker's
 * heap, its pages' buffers, or the main thread. A diagnosis, off unless asked for.
 */
import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

const EVERY_MS = 5000;
/** Bytes as whole MiB, as the traces print them. */
export const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Starts tracing this thread when MEMORY_TRACE_WORKERS names a file. */
export function traceWorkerHeap(file = process.env.MEMORY_TRACE_WORKERS): void {
  if (!file) return;
  const sample = () => {
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(
      file,
      `${(Date.now() / 1000).toFixed(0)} ${threadId} ${mib(heapUsed)} ${mib(heapTotal)} ${mib(external)} ${mib(arrayBuffers)}\n`,
    );
  };
  setInterval(sample, EVERY_MS).unref();
}
