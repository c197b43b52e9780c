/**
 * Server entry of the renderer bundle (./adapter.ts). In a worker thread
 * started by ./pool.ts it answers two requests for a build cycle (the
 * export folder and the clock are set per request, src/data/render-context.ts):
 *  - `urls`: every URL of the site: the static routes, and each dynamic
 *    route's getStaticPaths() (src/data/site-pages.ts for the routes
 *    with a page per record), exactly what `astro build` would generate;
 *    for a full build, also those of them that redirect;
 *  - `render`: the answers for some URLs (status, Location, bytes), or the
 *    file that answers when a route answers with a file (`answerFile`).
 * Nothing here writes files: scripts/lib/site-files.ts turns answers into
 * the static site.
 */
import { setPriority } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { SSRManifest } from 'astro';
import { App } from 'astro/app';
import { dropEndpointDerivations, loadDirectory, releaseLoadedExport } from '../../src/data/directory';
import { writeOwnerSlices } from '../../src/data/owner-slices';
import { setRenderContext } from '../../src/data/render-context';
import { eachAtMost } from '../../src/lib/each-at-most';
import { redirectUrls } from '../../src/data/site-pages';
import { bodyBytes, keepResponseBytes } from './byte-response';
import { traceWorkerHeap } from './heap-trace';
import { liveHeapMb } from './live-heap';
import type { CycleContext, Rendered, RendererRequest, RendererResponse, RendererWorkerData } from './protocol';

type RouteData = SSRManifest['routes'][number]['routeData'];
type StaticPaths = { params: Record<string, string | number | undefined> }[];
type PageModule = {
  getStaticPaths?: (options: { paginate: () => never; routePattern: string }) => StaticPaths | Promise<StaticPaths>;
  /**
   * An endpoint whose answer is a file already on disk (a cached card) names
   * it, or null for no answer; the build links that file into the site.
   */
  answerFile?: (params: Record<string, string | undefined>) => Promise<string | null>;
};

/** How many pages one worker renders at once (they wait on files now and then: cached cards, the export). */
const CONCURRENCY = 4;

export interface Renderer {
  /** `once`: a full build's listing, the only one of its export (nothing is kept to list it faster again). */
  urls(context: CycleContext, once?: boolean): Promise<string[]>;
  render(context: CycleContext, urls: readonly string[]): Promise<Rendered[]>;
}

let renderer: Renderer | undefined;

function useContext(context: CycleContext): void {
  setRenderContext({ exportDir: context.exportDir, version: context.version, now: new Date(context.now), checked: context.checked });
}

function createRenderer(manifest: SSRManifest): Renderer {
  // Not streamed: a page is rendered into one string and encoded once, instead of chunk by chunk into a
  // stream read back whole. Same bytes for every page; 15 % less CPU at 10,000 therapists (docs/performance.md).
  const app = new App(manifest, false);
  const origin = manifest.site ? new URL(manifest.site).origin : 'http://localhost';
  // The site's own routes: no redirects, fallbacks, or Astro's internal ones (server islands, images).
  const routes = manifest.routes
    .map((route) => route.routeData)
    .filter((route) => route.origin === 'project' && (route.type === 'page' || route.type === 'endpoint'));

  /**
   * Each dynamic route's paths by their parameters, as listings made them:
   * Astro's generate() normalises and escapes every parameter, which at
   * 274,000 URLs took most of a second of every cycle. Kept across
   * listings, and made again from one only once past twice its size (pages gone).
   * Not for a full build, which lists once: at 820,000 URLs the map was
   * some 100 MB of the one worker's heap through the whole render.
   */
  const generated = new Map<RouteData, Map<string, string>>();
  const keyPart = (value: string | number | undefined) => (value === undefined ? '\u0000' : String(value));

  async function moduleOf(route: RouteData): Promise<PageModule | undefined> {
    const load = manifest.pageMap?.get(route.component);
    return load && ((await (await load()).page()) as PageModule);
  }

  /** A route's parameters in a URL, as Astro's getParams reads them (a rest parameter without its dots). */
  function paramsOf(route: RouteData, url: string): Record<string, string | undefined> {
    const match = route.pattern.exec(url);
    return Object.fromEntries(route.params.map((name, i) => [name.replace(/^\.\.\./, ''), match?.[i + 1] || undefined]));
  }

  /** Each endpoint's answerFile (or none), looked up once: every endpoint URL of a build asks. */
  const answerers = new Map<RouteData, Promise<PageModule['answerFile']>>();

  /** The file that answers `url`, when its route answers with files (PageModule's answerFile). */
  async function answerFileOf(route: RouteData | undefined, url: string): Promise<string | null> {
    if (route?.type !== 'endpoint') return null;
    let answerer = answerers.get(route);
    if (!answerer) answerers.set(route, (answerer = moduleOf(route).then((mod) => mod?.answerFile)));
    const answerFile = await answerer;
    return answerFile ? answerFile(paramsOf(route, url)) : null;
  }

  async function pathsOf(route: RouteData, keep: boolean): Promise<string[]> {
    if (route.params.length === 0) return [route.pathname ?? route.route];
    const mod = await moduleOf(route);
    if (!mod?.getStaticPaths) throw new Error(`${route.component}: a dynamic route needs getStaticPaths() to list its pages.`);
    const paths = await mod.getStaticPaths({
      paginate: () => {
        throw new Error(`${route.component}: paginate() is not available; compute the pages from the export (src/data/frozen-list.ts).`);
      },
      routePattern: route.route,
    });
    const generate = (params: StaticPaths[number]['params']) =>
      route.generate(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === undefined ? v : String(v)])));
    if (!keep) return paths.map(({ params }) => generate(params));
    let known = generated.get(route);
    if (!known || known.size > 2 * paths.length) generated.set(route, (known = new Map()));
    // A rest parameter is named `...page` in the route, `page` in the parameters.
    const [first, ...others] = route.params.map((name) => name.replace(/^\.\.\./, ''));
    return paths.map(({ params }) => {
      let key = keyPart(params[first!]);
      for (const name of others) key += `\u0001${keyPart(params[name])}`;
      let path = known.get(key);
      if (path === undefined) known.set(key, (path = generate(params)));
      return path;
    });
  }

  return {
    async urls(context, once = false) {
      useContext(context);
      if (once) generated.clear();
      const urls: string[] = [];
      for (const route of routes) for (const url of await pathsOf(route, !once)) urls.push(url);
      return urls;
    },
    async render(context, urls) {
      useContext(context);
      const results: Rendered[] = new Array(urls.length);
      await eachAtMost(urls, CONCURRENCY, async (url, index) => {
        const request = new Request(new URL(url, origin));
        const routeData = app.match(request);
        const file = await answerFileOf(routeData, url);
        if (file) {
          // Not through Astro: its request and response around a cached card cost more than the card.
          results[index] = { url, status: 200, kind: 'endpoint', body: new Uint8Array(0), file };
          return;
        }
        const response = await app.render(request, { routeData });
        results[index] = {
          url,
          status: response.status,
          kind: routeData?.type === 'endpoint' ? 'endpoint' : 'page',
          location: response.headers.get('location') ?? undefined,
          body: await bodyBytes(response),
        };
      });
      return results;
    },
  };
}

/** Astro's adapter API: what the bundle's entry module exports. */
export function createExports(manifest: SSRManifest): { renderer: Renderer } {
  renderer ??= createRenderer(manifest);
  return { renderer };
}

/** Astro's adapter API: runs when the bundle is loaded; in the build's worker thread it serves requests. */
export function start(manifest: SSRManifest): void {
  const data = workerData as Partial<RendererWorkerData> | undefined;
  if (isMainThread || !data?.theralinkRenderer || !parentPort) return;
  const port = parentPort;
  try {
    // This thread only, on Linux (elsewhere the whole process, the build's main thread with it: no one yields).
    setPriority(data.nice ?? 0);
  } catch {
    // A system that refuses it renders at the usual priority.
  }
  keepResponseBytes();
  renderer ??= createRenderer(manifest);
  traceWorkerHeap();
  // Every page module now, not on first use: another process may prune this bundle's folder later on
  // (scripts/renderer/bundle.ts keeps the newest few), and a warm worker renders its first pages sooner.
  for (const load of manifest.pageMap?.values() ?? [])
    void load()
      .then((entry) => entry.page())
      .catch(() => undefined);
  const serving = renderer;
  port.on('message', (request: RendererRequest) => {
    const answer = async (): Promise<RendererResponse> => {
      if (request.type === 'drop-endpoint-data') {
        await dropEndpointDerivations();
        // The collection also sets the heap's next limit from what is left, not from what the listing held.
        return { id: request.id, type: 'drop-endpoint-data', liveHeapMb: liveHeapMb() };
      }
      if (request.type === 'live-heap') return { id: request.id, type: 'live-heap', liveHeapMb: liveHeapMb() };
      if (request.type === 'release-export') {
        await releaseLoadedExport(request.keepFilesOf);
        return { id: request.id, type: 'release-export', liveHeapMb: liveHeapMb() };
      }
      if (request.type === 'owner-slices') {
        useContext(request.context);
        return {
          id: request.id,
          type: 'owner-slices',
          slices: await writeOwnerSlices(request.root, request.profileParts, request.storeParts),
        };
      }
      if (request.type === 'urls') {
        const urls = await serving.urls(request.context, request.fullBuild);
        // A full build cuts the index's parts without the redirects.
        const redirects = request.fullBuild ? redirectUrls(await loadDirectory()) : undefined;
        return { id: request.id, type: 'urls', urls, redirects };
      }
      return { id: request.id, type: 'render', results: await serving.render(request.context, request.urls) };
    };
    answer().then(
      (response) =>
        port.postMessage(response, response.type === 'render' ? response.results.map((result) => result.body.buffer as ArrayBuffer) : []),
      (error: Error) =>
        port.postMessage({ id: request.id, type: 'error', message: error.stack ?? error.message } satisfies RendererResponse),
    );
  });
}
