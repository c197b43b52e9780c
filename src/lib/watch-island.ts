/**
 * The client half of IslandFrame: marks a frame `data-island-state="failed"`
 * when its island's code fails to load, or has not hydrated (Astro removes
 * the island's `ssr` attribute once it has) after `timeoutMs`. CSS in
 * IslandFrame shows the spinner, the island or the error from that state.
 *
 * IslandFrame inlines this function's source (`String(watchIsland)`) so it
 * runs even when every bundled chunk fails: keep it self-contained, with no
 * imports and no outside names but DOM globals. `load` is the browser's
 * `import()`, passed in because an inline script cannot be analysed by Vite.
 */
export function watchIsland(frame: HTMLElement, timeoutMs: number, load: (url: string) => Promise<unknown>): void {
  // The error's 再読み込み button (wired here: the CSP allows no inline handlers).
  frame.querySelector('[data-island-reload]')?.addEventListener('click', () => location.reload());
  const island = frame.querySelector('astro-island');
  if (!island) return;
  const fail = () => {
    if (island.hasAttribute('ssr')) frame.dataset.islandState = 'failed';
  };
  setTimeout(fail, timeoutMs);
  // Importing the island's own modules again costs nothing (the browser
  // shares one module map) and is the only way to see the load fail:
  // Astro catches the error and only logs it.
  const urls = ['component-url', 'renderer-url'].map((name) => island.getAttribute(name)).filter((url) => url !== null);
  Promise.all(urls.map((url) => load(url))).catch(fail);
}
