/**
 * The editor's views as query parameters, so Back goes back a view, a
 * reload stays put and /login?next= returns to the same one:
 * /blog-editor (her blogs), ?edit=new, ?edit={id}, ?tab=timeline.
 */
import { useCallback, useEffect, useState } from 'react';
import { NEW_BLOG } from '../../lib/blogs/local-draft';

export type EditorRoute = { view: 'list' } | { view: 'edit'; id: string } | { view: 'timeline' };

const BLOG_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function parseEditorRoute(search: string): EditorRoute {
  const params = new URLSearchParams(search);
  if (params.get('tab') === 'timeline') return { view: 'timeline' };
  const id = params.get('edit');
  if (id && (id === NEW_BLOG || BLOG_ID.test(id))) return { view: 'edit', id };
  return { view: 'list' };
}

export function editorRouteSearch(route: EditorRoute): string {
  if (route.view === 'timeline') return '?tab=timeline';
  if (route.view === 'edit') return `?edit=${encodeURIComponent(route.id)}`;
  return '';
}

export type Navigate = (route: EditorRoute, options?: { replace?: boolean; quiet?: boolean }) => void;

/**
 * The current route, navigate(route, { replace }) and a visit number that
 * changes with every navigation (a key, so 新規作成 twice opens two fresh
 * editors); `quiet` only rewrites the address (a new blog that got its id)
 * and keeps the view as it is.
 */
export function useEditorRoute(): { route: EditorRoute; navigate: Navigate; visit: number } {
  const [state, setState] = useState(() => ({ route: parseEditorRoute(location.search), visit: 0 }));
  useEffect(() => {
    const onPop = () => setState((current) => ({ route: parseEditorRoute(location.search), visit: current.visit + 1 }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<Navigate>((next, options = {}) => {
    const url = `${location.pathname}${editorRouteSearch(next)}`;
    if (options.replace || options.quiet) history.replaceState(history.state, '', url);
    else history.pushState(history.state, '', url);
    if (options.quiet) return;
    setState((current) => ({ route: next, visit: current.visit + 1 }));
    window.scrollTo({ top: 0 });
  }, []);
  return { ...state, navigate };
}
