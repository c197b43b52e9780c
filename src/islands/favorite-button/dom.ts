/** The elements of `root` matching `selector`, `root` itself first when it matches. */
export function matching(root: ParentNode, selector: string): Element[] {
  const self = root instanceof Element && root.matches(selector) ? [root] : [];
  return [...self, ...root.querySelectorAll(selector)];
}
