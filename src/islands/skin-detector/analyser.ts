/**
 * Main-thread handle on the analysis worker. The worker starts with the
 * island (so the first photo does not wait for it); if it dies, e.g. when
 * a browser runs out of memory on a huge image, the next photo starts a
 * new one.
 */
import type { AnalyseRequest, AnalyseResponse } from './protocol';

export interface Analyser {
  analyse(file: File): Promise<AnalyseResponse>;
  terminate(): void;
}

export function createAnalyser(): Analyser {
  const pending = new Map<number, (response: AnalyseResponse) => void>();
  let nextId = 0;
  let worker: Worker | undefined = start();

  function start(): Worker {
    const started = new Worker(new URL('./analyse.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = ({ data }: MessageEvent<AnalyseResponse>) => {
      pending.get(data.id)?.(data);
      pending.delete(data.id);
    };
    started.onerror = () => {
      for (const [id, answer] of pending) answer({ id, ok: false, error: 'failed' });
      pending.clear();
      started.terminate();
      if (worker === started) worker = undefined;
    };
    return started;
  }

  return {
    analyse(file) {
      const id = nextId++;
      worker ??= start();
      const target = worker;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        target.postMessage({ id, file } satisfies AnalyseRequest);
      });
    },
    terminate: () => worker?.terminate(),
  };
}
