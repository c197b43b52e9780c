/** Small DOM builders for the search page: text is always set as text, never parsed as markup. */
import { nameInitial } from '../../lib/avatar/initial';

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

/**
 * A round avatar: the photo; else her illustrated face (decorative); else the name's first character, which a
 * picture that fails to load shows too (`.avatar-photo` in global.css).
 */
export function avatar(name: string, photoURL: string | undefined, size: 'size-12' | 'size-16', illustration?: string): HTMLElement {
  if (photoURL || illustration) {
    const image = el('img', `avatar-photo ${size} shrink-0 rounded-full object-cover text-xl`);
    image.src = photoURL || illustration!;
    image.alt = photoURL ? `${name}のプロフィール写真` : '';
    image.loading = 'lazy';
    image.dataset.initial = nameInitial(name);
    return image;
  }
  const initial = el('span', `avatar-initial flex ${size} shrink-0 text-xl`, nameInitial(name));
  initial.setAttribute('aria-hidden', 'true');
  return initial;
}
