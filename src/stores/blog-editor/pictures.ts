/**
 * The blog's pictures in the editor: picked files prepared in the browser
 * (≤ 1600 px WebP) and kept in IndexedDB beside the text draft until a save
 * uploads them, references put into the body at the cursor and taken out
 * again, and the display URLs of the pictures already stored.
 */
import { fileProblem } from '../../lib/avatar/limits';
import { ImageError, prepareImage } from '../../lib/avatar/resize';
import { imageReference, insertAt, nextImageSlot, removeImageReferences } from '../../lib/blogs/body-images';
import { CONTENT_IMAGE_MAX_SIDE, MAX_BLOG_IMAGES, MAX_CONTENT_IMAGE_BYTES } from '../../lib/blogs/limits';
import { dropPendingImage, savePendingImage } from '../../lib/blogs/pending-images';
import type { EditorCore } from './core';
import type { PendingPicture, Selection } from './state';

const CONTENT_IMAGE_OPTIONS = { maxSide: CONTENT_IMAGE_MAX_SIDE, maxBytes: MAX_CONTENT_IMAGE_BYTES, allowJpeg: false };

/** The actions of the pictures. */
export function pictureActions(core: EditorCore) {
  const { options, get, patch, changeForm, changePending } = core;

  /** A prepared picture, or null with the reason shown at the pictures. */
  const prepare = async (file: File): Promise<Blob | null> => {
    const problem = fileProblem(file);
    if (problem) {
      patch({ pictureError: problem });
      return null;
    }
    try {
      return (await prepareImage(file, CONTENT_IMAGE_OPTIONS)).blob;
    } catch (error) {
      patch({ pictureError: error instanceof ImageError ? error.message : 'この画像は読み込めませんでした。別の画像を選んでください。' });
      return null;
    }
  };

  /** Prepares the picked files (≤ 1600 px WebP) and adds them; with `at`, inserts each reference there. */
  const addPictures = async (files: readonly File[], at?: Selection): Promise<void> => {
    patch({ pictureError: '', busy: 'preparing' });
    let insertion = at ?? null;
    try {
      for (const file of files) {
        const prepared = await prepare(file);
        if (!prepared) continue;
        const slot = nextImageSlot(get().form.images, get().stored?.images ?? []);
        if (slot === null) {
          patch({ pictureError: `画像は 1 つの記事に ${MAX_BLOG_IMAGES} 枚までです。` });
          break;
        }
        const picture: PendingPicture = { blob: prepared, url: URL.createObjectURL(prepared), uploaded: false };
        changePending((current) => new Map(current).set(slot, picture));
        void savePendingImage(core.draftKey(), slot, prepared);
        const { form, cursor } = get();
        const inserted = insertion ? insertAt(form.body, insertion.start, insertion.end, imageReference(slot)) : null;
        if (inserted) insertion = { start: inserted.cursor, end: inserted.cursor };
        patch({
          cursor: inserted ? inserted.cursor : cursor,
          form: { ...form, body: inserted ? inserted.body : form.body, images: [...form.images, slot], cover: form.cover ?? slot },
        });
      }
    } finally {
      patch({ busy: false });
    }
  };

  /** Puts a reference to a picture already in the blog at the cursor. */
  const insertPicture = (slot: number, at: Selection): void => {
    const { form } = get();
    const inserted = insertAt(form.body, at.start, at.end, imageReference(slot));
    patch({ cursor: inserted.cursor, form: { ...form, body: inserted.body } });
  };

  /** Takes a picture out of the blog (and its references out of the body); a stored file goes with the next save. */
  const removePicture = (slot: number): void => {
    const { pending, stored } = get();
    const picture = pending.get(slot);
    if (picture) {
      URL.revokeObjectURL(picture.url);
      changePending((current) => {
        const next = new Map(current);
        next.delete(slot);
        return next;
      });
      void dropPendingImage(core.draftKey(), slot);
      // Uploaded by a failed save but never part of the stored blog: nothing shows it.
      if (picture.uploaded && stored && !stored.images.includes(slot)) {
        void import('../../lib/content-images')
          .then(({ deleteContentImage }) => deleteContentImage('blogs', options.uid, stored.id, slot))
          .catch(() => undefined);
      }
    }
    changeForm((current) => ({
      ...current,
      images: current.images.filter((used) => used !== slot),
      cover: current.cover === slot ? null : current.cover,
      body: removeImageReferences(current.body, slot),
    }));
  };

  /** Asks Storage once for the display URL of each stored picture the form shows and this browser does not hold. */
  const loadPictureUrls = (): void => {
    const { stored, form, pending } = get();
    if (!stored) return;
    const requested = core.memory.requested;
    const wanted = form.images.filter(
      (slot) => stored.images.includes(slot) && !pending.has(slot) && !requested.has(`${stored.id}/${slot}`),
    );
    if (wanted.length === 0) return;
    for (const slot of wanted) requested.add(`${stored.id}/${slot}`);
    void import('../../lib/content-images').then(({ contentImageUrl }) =>
      Promise.all(
        wanted.map((slot) =>
          contentImageUrl('blogs', options.uid, stored.id, slot).then(
            (url) => [slot, url] as const,
            () => [slot, ''] as const,
          ),
        ),
      ).then((pairs) => patch({ urls: { ...get().urls, ...Object.fromEntries(pairs) } })),
    );
  };

  return {
    addPictures,
    insertPicture,
    removePicture,
    loadPictureUrls,
    /** The editor is going away: its pictures' blob URLs go with it. */
    revokePictureUrls: () => {
      for (const picture of get().pending.values()) URL.revokeObjectURL(picture.url);
    },
  };
}
