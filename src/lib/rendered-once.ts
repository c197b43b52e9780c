/**
 * Markup rendered once per renderer process and repeated after
 * (src/components/RenderedOnce.astro). Kept per component object: a new
 * version of the component (a new bundle, or an edit under `astro dev`) is a
 * new object, so it never shows an old one's markup.
 */
const renders = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * The markup of `component` for `variant`: `render()`'s on the first call,
 * the same string after (callers at once share the one render; a failed
 * render is forgotten, so the next page tries again).
 */
export function renderedOnce(component: object, variant: string, render: () => Promise<string>): Promise<string> {
  let variants = renders.get(component);
  if (!variants) renders.set(component, (variants = new Map()));
  let markup = variants.get(variant);
  if (!markup) {
    const rendering = render();
    variants.set(variant, (markup = rendering));
    rendering.catch(() => {
      if (variants.get(variant) === rendering) variants.delete(variant);
    });
  }
  return markup;
}
