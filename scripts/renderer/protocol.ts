/**
 * Messages between the build (scripts/renderer/pool.ts) and the renderer
 * bundle running in a worker thread (scripts/renderer/entry.ts).
 */
import type { ExportSlices } from '../../src/data/owner-slices';

/** The export and clock of one build cycle (src/data/render-context.ts). */
export interface CycleContext {
  exportDir: string;
  /** Changes whenever the export's content does (its hash). */
  version: string;
  /** ISO time: "now" for every page of the cycle. */
  now: string;
  /** The build checked the export against the public schemas (the renderer reads it as is). */
  checked: boolean;
}

/** What a render worker is started with (the pool's policy, applied by the worker to itself). */
export interface RendererWorkerData {
  theralinkRenderer: true;
  /** The worker thread's nice value (scripts/renderer/pool.ts, RENDER_WORKER_NICE). */
  nice: number;
}

/** Astro's two kinds of route: an .astro page (written as `{path}.html`) or an endpoint (written at its own path). */
export type RouteKind = 'page' | 'endpoint';

export type RendererRequest =
  /** `fullBuild`: the listing of a full build, the only one of its export: the worker keeps nothing to list it faster again. */
  | { id: number; type: 'urls'; context: CycleContext; fullBuild?: boolean }
  | { id: number; type: 'render'; context: CycleContext; urls: string[] }
  /**
   * Drop what only the sharded JSON endpoints read (dropEndpointDerivations in src/data/directory.ts), and
   * answer with the live heap left (a full garbage collection: the build's choice of workers).
   */
  | { id: number; type: 'drop-endpoint-data' }
  /** Answer with the live heap (a full garbage collection: the growth of a full build's heaps over its owner slices). */
  | { id: number; type: 'live-heap' }
  /**
   * Let go of the export loaded, keeping parsed the files it shares with the export in `keepFilesOf` if given
   * (releaseLoadedExport in src/data/directory.ts), and answer with the live heap left.
   */
  | { id: number; type: 'release-export'; keepFilesOf?: string }
  /**
   * Write the context's export cut by owner into `root`, a slice per directory part of the index, given as its profile
   * URLs, and one per `stores` part, given as its URLs (src/data/owner-slices.ts), and answer with each slice's pages.
   */
  | { id: number; type: 'owner-slices'; context: CycleContext; root: string; profileParts: string[][]; storeParts: string[][] };

/** A request before the pool numbers it. */
export type RendererRequestBody = RendererRequest extends infer R ? (R extends RendererRequest ? Omit<R, 'id'> : never) : never;

export interface Rendered {
  url: string;
  status: number;
  kind: RouteKind;
  /** The Location of a 3xx answer. */
  location?: string | undefined;
  body: Uint8Array;
  /** A file answer (a route's answerFile, scripts/renderer/entry.ts): the file whose bytes answer; `body` is empty. */
  file?: string | undefined;
}

export type RendererResponse =
  /** `redirects`: a full build's, the URLs of the site that answer with a redirect (redirectUrls in src/data/site-pages.ts). */
  | { id: number; type: 'urls'; urls: string[]; redirects?: string[] }
  | { id: number; type: 'render'; results: Rendered[] }
  | { id: number; type: 'drop-endpoint-data'; liveHeapMb: number }
  | { id: number; type: 'live-heap'; liveHeapMb: number }
  | { id: number; type: 'release-export'; liveHeapMb: number }
  | { id: number; type: 'owner-slices'; slices: ExportSlices }
  | { id: number; type: 'error'; message: string };
