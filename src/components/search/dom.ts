/** Small DOM builders for the search page: text is always set as text, never parsed as markup. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export function link(href: string, text: string, className: string): HTMLAnchorElement {
  const anchor = el('a', className, text);
  anchor.href = href;
  return anchor;
}

/** A round avatar: the photo; else her illustrated face (decorative); else the name's first character. */
export function avatar(name: string, photoURL: string | undefined, size: 'size-12' | 'size-16', illustration?: string): HTMLElement {
  if (photoURL || illustration) {
    const image = el('img', `${size} shrink-0 rounded-full object-cover`);
    image.src = photoURL || illustration!;
    image.alt = photoURL ? `${name}のプロフィール写真` : '';
    image.loading = 'lazy';
    return image;
  }
  const initial = el(
    'span',
    `flex ${size} shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100`,
    [...name.trim()][0] ?? '?',
  );
  initial.setAttribute('aria-hidden', 'true');
  return initial;
}
