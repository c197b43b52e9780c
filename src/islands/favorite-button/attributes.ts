/**
 * The attributes that mark 推し links and watch offers, and the class that
 * hides them in a signed-in browser until they are upgraded (markup.ts).
 * Apart from markup.ts so the nav's loader, run on every page view, takes
 * only these few bytes.
 */

/** On a 推し link or toggle: the target's uid. */
export const TARGET_ATTR = 'data-favorite-target';
export const KIND_ATTR = 'data-favorite-kind';
export const NAME_ATTR = 'data-favorite-name';
/** On a container whose 推し buttons appear later (the search page). */
export const ZONE_ATTR = 'data-favorite-zone';
/** On the "not registered" answer's watch offer: the normalised handle. */
export const WATCH_ATTR = 'data-handle-watch';

/** Hidden, holding its place, in a browser that has signed in (<html data-account="signed-in">). */
export const SIGNED_IN_HIDDEN = 'in-data-[account=signed-in]:invisible';
