/**
 * Pictures in a blog body: the body names its Nth Storage slot as
 * `![説明](image:N)` (src/lib/markdown/render.ts), never by URL. The editor
 * picks a free slot for a new picture, inserts the reference at the
 * cursor, and takes the references out again when the picture goes. Pure.
 */
import { MAX_BLOG_IMAGES } from './limits';

/**
 * The slot for a new picture: one the form does not use and the stored
 * blog does not show (so an upload never replaces a picture the public page
 * still shows before she saves), else any the form does not use; null when
 * the form holds MAX_BLOG_IMAGES already.
 */
export function nextImageSlot(inForm: readonly number[], stored: readonly number[], count = MAX_BLOG_IMAGES): number | null {
  const taken = new Set(inForm);
  if (taken.size >= count) return null;
  for (let slot = 0; slot < count; slot += 1) if (!taken.has(slot) && !stored.includes(slot)) return slot;
  for (let slot = 0; slot < count; slot += 1) if (!taken.has(slot)) return slot;
  return null;
}

/** The Markdown that shows picture `slot`. */
export function imageReference(slot: number, alt = ''): string {
  return `![${alt.replace(/[[\]\\]/g, '')}](image:${slot})`;
}

/**
 * `text` put in place of body[start, end), on a line of its own (a picture
 * reads best as its own paragraph); returns the body and the cursor after it.
 */
export function insertAt(body: string, start: number, end: number, text: string): { body: string; cursor: number } {
  const from = Math.max(0, Math.min(start, body.length));
  const to = Math.max(from, Math.min(end, body.length));
  const before = body.slice(0, from);
  const after = body.slice(to);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${text}${trail}`;
  return { body: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}

const referencePattern = (slot: number) => new RegExp(`!\\[[^\\]\\n]*\\]\\(\\s*image:${slot}\\s*\\)[ \\t]*\\n?`, 'g');

/** The body without its references to picture `slot`. */
export function removeImageReferences(body: string, slot: number): string {
  return body.replace(referencePattern(slot), '');
}

/** The picture slots the body refers to, in order of first use. */
export function referencedSlots(body: string): number[] {
  const found: number[] = [];
  for (const match of body.matchAll(/!\[[^\]\n]*\]\(\s*image:(\d{1,2})\s*\)/g)) {
    const slot = Number(match[1]);
    if (!found.includes(slot)) found.push(slot);
  }
  return found;
}
