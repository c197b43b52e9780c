/**
 * Where to send someone after signing in: the `next` query value when it is
 * a path on this site, else the home page. Anything that could leave the
 * site (`//evil.example`, `/\evil`, `https://…`, `javascript:`) is refused.
 */
const AUTH_PAGES = new Set(['/login', '/register']);
const BASE = 'https://theralink.invalid';

export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters and backslashes are where browsers and parsers disagree.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  if (AUTH_PAGES.has(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /login URL that comes back to `path` (path + query of a guarded page). */
export function loginUrlFor(path: string): string {
  return `/login?next=${encodeURIComponent(safeNextPath(path))}`;
}
