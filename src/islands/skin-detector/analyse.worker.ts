/**
 * Web Worker: decodes, downscales and analyses one file per request, off
 * the main thread. Everything happens in this browser; nothing is fetched
 * or sent.
 */
import { analysePixels } from '../../lib/skin/analyse-pixels';
import { decodeImage } from './decode-image';
import { AnalyseError, type AnalyseRequest, type AnalyseResponse } from './protocol';

// The project's TypeScript lib is the DOM one; this is the slice of the worker scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalyseRequest>) => void) | null;
  postMessage(message: AnalyseResponse, transfer?: Transferable[]): void;
};

scope.onmessage = async ({ data: { id, file } }) => {
  try {
    const { photo, pixels } = await decodeImage(file);
    const analysis = analysePixels(pixels.data, pixels.width, pixels.height);
    const result = { ...analysis, photo, analysed: { width: pixels.width, height: pixels.height }, pixels: pixels.data };
    scope.postMessage({ id, ok: true, result }, [photo, pixels.data.buffer, analysis.heatmap.buffer]);
  } catch (error) {
    if (!(error instanceof AnalyseError)) console.error(error);
    scope.postMessage({ id, ok: false, error: error instanceof AnalyseError ? error.code : 'failed' });
  }
};
