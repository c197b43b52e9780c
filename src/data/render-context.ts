/**
 * What a page reads besides its URL: which export folder, and what time it
 * is. `astro build` / `astro dev` use EXPORT_DIR and the real clock; the
 * renderer (scripts/renderer) sets both once per build cycle, so every page
 * of one cycle sees the same export and the same "now" (and a test can pin
 * the clock to compare two builds byte for byte).
 *
 * Kept on globalThis rather than in a module variable: the renderer's entry
 * and the page chunks are separate bundles' worth of modules, and they must
 * share one context.
 */
import { exportDir } from '../lib/export-dir';

export interface RenderContext {
  /** Folder of the export the pages read. */
  exportDir: string;
  /** Names the export's content: data loaded for another version is stale. */
  version: string;
  /** The build checked the export against the public schemas already (it is read as is). */
  checked?: boolean | undefined;
  /** The clock of this cycle; the real time when absent. */
  now?: Date | undefined;
}

/** The version of an export read outside the renderer (EXPORT_DIR, `astro dev`): none is known. */
export const UNVERSIONED = 'env';

const KEY = Symbol.for('theralink.renderContext');
type WithContext = typeof globalThis & { [KEY]?: RenderContext };

/** Sets the export and clock the next renders use (the renderer, once per cycle). */
export function setRenderContext(context: RenderContext): void {
  (globalThis as WithContext)[KEY] = context;
}

/** The current context: the renderer's, else EXPORT_DIR read once per process. */
export function renderContext(): RenderContext {
  return (globalThis as WithContext)[KEY] ?? { exportDir: exportDir(), version: UNVERSIONED };
}

/** "Now" for a page: the cycle's clock, else the real time. */
export function renderNow(): Date {
  const now = renderContext().now;
  return now ? new Date(now.getTime()) : new Date();
}
