/**
 * A friendly illustrated face for a therapist without a photo, so lists
 * are not walls of initials. Deterministic (the same profile always gets
 * the same one) and drawn, never a photo of a real person: one of
 * ILLUSTRATION_COUNT static SVGs (src/pages/illustrations/[n].svg.ts),
 * shared by every page and cached by the browser.
 */
export const ILLUSTRATION_COUNT = 48;

/** FNV-1a: a small, stable string hash (the same on every build). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

export function illustrationPath(profileId: string): string {
  return `/illustrations/${hash(profileId) % ILLUSTRATION_COUNT}.svg`;
}
