/**
 * Pagefind excerpts are HTML text with <mark> around matches. Rebuild them
 * from text nodes and fresh <mark>s only, so nothing else in the excerpt can
 * become markup. DOMParser documents are inert: no scripts, no loads.
 */
export function excerptFragment(html: string): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html').body;
  const fragment = document.createDocumentFragment();
  for (const node of parsed.childNodes) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      fragment.append(mark);
    } else {
      fragment.append(node.textContent ?? '');
    }
  }
  return fragment;
}
