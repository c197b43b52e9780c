/**
 * Messages between the island and analyse.worker.ts. The worker receives
 * the File itself (a handle to the bytes on this device, not a copy) and
 * answers with transferable results, so nothing is copied twice.
 */
import type { PixelAnalysis } from '../../lib/skin/analyse-pixels';
import type { Size } from '../../lib/skin/size';

export interface AnalyseRequest {
  id: number;
  file: File;
}

/** Why a file could not be analysed; each has its own message (messages.ts). */
export type AnalyseErrorCode = 'unreadable' | 'heic-unsupported' | 'file-too-large' | 'too-many-pixels' | 'failed';

export interface AnalyseResult extends PixelAnalysis {
  /** The photo as shown, upright and at most DISPLAY_MAX_SIDE on its long side. */
  photo: ImageBitmap;
  /** Size of the copy the rules ran on (the heat-map and `pixels` are this size). */
  analysed: Size;
  /** The analysed RGBA pixels, kept for the learned model. */
  pixels: Uint8ClampedArray<ArrayBuffer>;
}

export type AnalyseResponse = { id: number; ok: true; result: AnalyseResult } | { id: number; ok: false; error: AnalyseErrorCode };

/** Thrown inside the worker to answer with a specific error code. */
export class AnalyseError extends Error {
  constructor(readonly code: AnalyseErrorCode) {
    super(code);
  }
}
