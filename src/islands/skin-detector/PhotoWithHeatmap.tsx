/**
 * The analysed photo on a canvas with the heat-map on a second canvas
 * stretched over it; a switch shows or hides the heat-map.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { AnalyseResult } from './protocol';

interface Props {
  result: AnalyseResult;
  fileName: string;
}

export default function PhotoWithHeatmap({ result, fileName }: Props) {
  const photoRef = useRef<HTMLCanvasElement>(null);
  const heatRef = useRef<HTMLCanvasElement>(null);
  const [showHeatmap, setShowHeatmap] = useState(true);
  const switchId = useId();

  useEffect(() => {
    const { photo, heatmap, analysed } = result;
    const photoCanvas = photoRef.current!;
    photoCanvas.width = photo.width;
    photoCanvas.height = photo.height;
    photoCanvas.getContext('2d')?.drawImage(photo, 0, 0);
    const heatCanvas = heatRef.current!;
    heatCanvas.width = analysed.width;
    heatCanvas.height = analysed.height;
    heatCanvas.getContext('2d')?.putImageData(new ImageData(heatmap, analysed.width, analysed.height), 0, 0);
  }, [result]);

  return (
    <figure className="space-y-2">
      <div className="relative mx-auto w-fit">
        <canvas
          ref={photoRef}
          role="img"
          aria-label={`選んだ写真（${fileName}）`}
          data-testid="photo"
          className="block h-auto max-h-[70vh] w-auto max-w-full rounded-lg"
        />
        <canvas
          ref={heatRef}
          aria-hidden="true"
          data-testid="heatmap"
          hidden={!showHeatmap}
          className="pointer-events-none absolute inset-0 size-full rounded-lg"
        />
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700 dark:text-gray-300">
        <label htmlFor={switchId} className="inline-flex cursor-pointer items-center gap-2 font-medium text-gray-900 dark:text-gray-100">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={showHeatmap}
            onChange={(event) => setShowHeatmap(event.target.checked)}
            className="accent-brand-700 dark:accent-brand-300 size-5"
          />
          ヒートマップを表示
        </label>
        <span>赤く塗られた部分が、肌色と判定されたところです。</span>
      </figcaption>
    </figure>
  );
}
