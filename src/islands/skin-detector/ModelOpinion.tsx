/**
 * The learned second opinion, on request: the button imports TensorFlow.js
 * and the NSFWJS model (separate chunks, fetched only now), classifies the
 * analysed copy and lists the class scores.
 */
import { useId, useState } from 'react';
import { NSFW_CLASS_LABELS, NSFW_CLASS_NAMES, summariseScores, type ClassScores } from '../../lib/skin/model-classes';
import type { Size } from '../../lib/skin/size';
import { Button } from '../ui/Button';
import { MODEL_CLASSIFY_ERROR, MODEL_LOAD_ERROR } from './messages';
import { MARKS, MEASURES } from './timing';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'classifying' }
  | { kind: 'done'; scores: ClassScores }
  | { kind: 'error'; message: string };

interface Props {
  /** The analysed copy's RGBA pixels and size. */
  pixels: Uint8ClampedArray<ArrayBuffer>;
  size: Size;
}

export default function ModelOpinion({ pixels, size }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const busy = state.kind === 'loading' || state.kind === 'classifying';
  const headingId = useId();

  async function run() {
    setState({ kind: 'loading' });
    performance.mark(MARKS.modelRequested);
    let learned;
    let model;
    try {
      learned = await import('./learned-model');
      model = await learned.loadModel();
    } catch (error) {
      console.error(error);
      setState({ kind: 'error', message: MODEL_LOAD_ERROR });
      return;
    }
    performance.mark(MARKS.modelLoaded, { detail: { backend: learned.backendName() } });
    performance.measure(MEASURES.modelLoad, MARKS.modelRequested, MARKS.modelLoaded);
    setState({ kind: 'classifying' });
    try {
      const scores = await learned.classify(model, new ImageData(pixels, size.width, size.height));
      performance.mark(MARKS.modelClassified);
      performance.measure(MEASURES.modelClassify, MARKS.modelLoaded, MARKS.modelClassified);
      setState({ kind: 'done', scores });
    } catch (error) {
      console.error(error);
      setState({ kind: 'error', message: MODEL_CLASSIFY_ERROR });
    }
  }

  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h3 id={headingId} className="font-bold">
        AI による判定（参考）
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        学習済みの画像分類モデル（NSFWJS）で、もう一つの意見を出します。モデル（約 3
        MB）はこのサイトから読み込み、判定はこの端末の中で行います。
      </p>
      {state.kind !== 'done' && (
        <Button variant="primary" onClick={run} disabled={busy} aria-busy={busy}>
          {state.kind === 'loading'
            ? 'AI モデルを読み込んでいます…'
            : state.kind === 'classifying'
              ? 'AI が判定しています…'
              : 'AI による判定も行う'}
        </Button>
      )}
      <div aria-live="polite">
        {state.kind === 'error' && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && <Scores scores={state.scores} />}
      </div>
    </section>
  );
}

function Scores({ scores }: { scores: ClassScores }) {
  return (
    <div className="space-y-3">
      {summariseScores(scores).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <dl data-testid="model-scores" className="space-y-2">
        {NSFW_CLASS_NAMES.map((name) => {
          const percent = Math.round(scores[name] * 100);
          return (
            <div key={name} className="grid grid-cols-[9rem_1fr] items-center gap-2 text-sm">
              <dt>
                {NSFW_CLASS_LABELS[name]} <span className="text-gray-600 dark:text-gray-400">（{name}）</span>
              </dt>
              <dd className="flex items-center gap-2">
                <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-gray-200 dark:bg-gray-700">
                  <span className="bg-brand-700 dark:bg-brand-300 block h-full" style={{ width: `${percent}%` }} />
                </span>
                <span className="w-10 text-right tabular-nums">{percent}%</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
