/**
 * /skindetector island: pick or drop a photo, analyse it in a Web Worker
 * with the published skin-colour rules, show the photo with its heat-map,
 * the share, the regions and the verdict; on request, the learned model's
 * opinion. The photo never leaves this device.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createAnalyser, type Analyser } from './analyser';
import { ERROR_MESSAGES } from './messages';
import ModelOpinion from './ModelOpinion';
import PhotoPicker from './PhotoPicker';
import PhotoWithHeatmap from './PhotoWithHeatmap';
import type { AnalyseResult } from './protocol';
import SkinReport from './SkinReport';
import { MARKS, MEASURES } from './timing';
import { RISK_LABELS, wholePercent } from '../../lib/skin/verdict';

type State =
  | { kind: 'idle' }
  | { kind: 'analysing'; fileName: string }
  | { kind: 'done'; fileName: string; result: AnalyseResult; run: number }
  | { kind: 'error'; message: string };

function statusText(state: State): string {
  switch (state.kind) {
    case 'idle':
    case 'error': // the error has its own alert
      return '';
    case 'analysing':
      return `「${state.fileName}」を解析しています…`;
    case 'done':
      return `判定結果：${RISK_LABELS[state.result.verdict.level]}（肌色の割合 ${wholePercent(state.result.skinShare)}%）`;
  }
}

export default function SkinDetector() {
  const analyser = useRef<Analyser>(null);
  const latestRun = useRef(0);
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    const started = createAnalyser();
    analyser.current = started;
    return () => started.terminate();
  }, []);

  async function analyse(file: File) {
    const run = ++latestRun.current;
    performance.clearMarks(MARKS.selected);
    performance.mark(MARKS.selected);
    setState({ kind: 'analysing', fileName: file.name });
    const response = await analyser.current!.analyse(file);
    if (run !== latestRun.current) {
      // A newer choice has taken over: drop this result's photo now rather than at garbage collection.
      if (response.ok) response.result.photo.close();
      return;
    }
    setState(
      response.ok
        ? { kind: 'done', fileName: file.name, result: response.result, run }
        : { kind: 'error', message: ERROR_MESSAGES[response.error] },
    );
  }

  // Marks the frame that first paints a verdict, for the benchmark.
  useLayoutEffect(() => {
    if (state.kind !== 'done') return;
    const frame = requestAnimationFrame(() => {
      performance.mark(MARKS.verdictShown);
      performance.measure(MEASURES.firstVerdict, MARKS.selected, MARKS.verdictShown);
    });
    return () => cancelAnimationFrame(frame);
  }, [state]);

  return (
    <div className="space-y-6">
      <PhotoPicker onFile={analyse} />
      <p aria-live="polite" data-testid="status" className="min-h-6 text-sm text-gray-700 dark:text-gray-300">
        {statusText(state)}
      </p>
      {state.kind === 'error' && (
        <p role="alert" className="notice notice-error p-4 text-base">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        // Phones read the verdict first; wider screens put the photo on the left.
        <div key={state.run} className="grid items-start gap-6 md:grid-cols-2 md:grid-rows-[auto_1fr]">
          <div className="md:col-start-2 md:row-start-1">
            <SkinReport skinShare={state.result.skinShare} regions={state.result.regions} verdict={state.result.verdict} />
          </div>
          <div className="md:col-start-1 md:row-span-2 md:row-start-1">
            <PhotoWithHeatmap result={state.result} fileName={state.fileName} />
          </div>
          <div className="md:col-start-2 md:row-start-2">
            <ModelOpinion pixels={state.result.pixels} size={state.result.analysed} />
          </div>
        </div>
      )}
    </div>
  );
}
