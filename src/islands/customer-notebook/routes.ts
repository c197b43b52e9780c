/**
 * Views of the notebook as URL hashes, so the phone's Back button goes
 * back a view and a reload stays put. Hashes carry slot numbers only, never
 * anything she typed.
 */
import { useCallback, useEffect, useState } from 'react';

export type Route =
  | { view: 'list' }
  | { view: 'new' }
  | { view: 'customer'; slot: string }
  | { view: 'edit'; slot: string }
  | { view: 'visit'; slot: string; visitId: string | null }
  | { view: 'settings' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#/, '').split('/');
  const [head, slot, action, visitId] = parts;
  if (head === 'new') return { view: 'new' };
  if (head === 'settings') return { view: 'settings' };
  if (head === 'customer' && slot && /^\d{1,4}$/.test(slot)) {
    if (action === 'edit') return { view: 'edit', slot };
    if (action === 'visit') return { view: 'visit', slot, visitId: visitId || null };
    return { view: 'customer', slot };
  }
  return { view: 'list' };
}

export function routeHash(route: Route): string {
  switch (route.view) {
    case 'list':
      return '';
    case 'new':
      return '#new';
    case 'settings':
      return '#settings';
    case 'customer':
      return `#customer/${route.slot}`;
    case 'edit':
      return `#customer/${route.slot}/edit`;
    case 'visit':
      return `#customer/${route.slot}/visit${route.visitId ? `/${route.visitId}` : ''}`;
  }
}

/** The current route and a navigate function (push, or replace for redirects). */
export function useHashRoute(): [Route, (route: Route, options?: { replace?: boolean }) => void] {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const navigate = useCallback((next: Route, options: { replace?: boolean } = {}) => {
    const url = `${location.pathname}${location.search}${routeHash(next)}`;
    if (options.replace) history.replaceState(history.state, '', url);
    else history.pushState(history.state, '', url);
    setRoute(next);
    window.scrollTo({ top: 0 });
  }, []);
  return [route, navigate];
}
