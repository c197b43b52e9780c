/**
 * Puts the seed's pictures into the local Storage emulator: the files each
 * document names (SeedDoc.files), every picture drawn once however many
 * documents show it (PictureSet), stored as the editors store them (WebP;
 * a blog picture with the blog editor's cache header). It speaks the Cloud
 * Storage JSON API to the emulator's own address, in the bucket the export
 * points picture URLs at (scripts/export/photo-base.ts), so it can never
 * reach a real bucket.
 */
import { photoUrlBase } from '../../export/photo-base';
import type { SeedFile } from './choose';
import { PictureSet } from './render';
import { eachAtMost } from '../../../src/lib/each-at-most';

/** The Storage emulator the pictures go to. */
export interface PictureTarget {
  /** host:port of the Storage emulator. */
  host: string;
  bucket: string;
}

/** Uploads in flight at once: the emulator answers one at a time, a few keep it busy. */
const CONCURRENCY = 8;
/** As src/lib/content-images.ts uploads blog pictures (slot names are reused). */
const BLOG_CACHE_CONTROL = 'public, max-age=300';

/**
 * Where the seed's pictures go: the Storage emulator, when the seed writes
 * to the emulators and that emulator answers; else why there are none.
 */
export async function pictureTarget(env: NodeJS.ProcessEnv = process.env): Promise<PictureTarget | { skipped: string }> {
  if (!env.FIRESTORE_EMULATOR_HOST) return { skipped: 'a real project: demo pictures only go into the local Storage emulator' };
  const { bucket, emulatorHost } = photoUrlBase(env);
  if (!emulatorHost) return { skipped: 'no Storage emulator is configured' };
  try {
    await fetch(`http://${emulatorHost}/`, { signal: AbortSignal.timeout(2000) });
    return { host: emulatorHost, bucket };
  } catch {
    return { skipped: `no Storage emulator answers at ${emulatorHost}` };
  }
}

/** One file, in one multipart request (metadata, then the bytes). */
async function put(target: PictureTarget, path: string, bytes: Buffer, cacheControl: string | undefined): Promise<void> {
  const boundary = 'theralink-seed-picture';
  const metadata = JSON.stringify({ name: path, contentType: 'image/webp', ...(cacheControl && { cacheControl }) });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: image/webp\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const send = () =>
    fetch(`http://${target.host}/upload/storage/v1/b/${encodeURIComponent(target.bucket)}/o?uploadType=multipart`, {
      method: 'POST',
      // The emulator's administrator credential.
      headers: { authorization: 'Bearer owner', 'content-type': `multipart/related; boundary=${boundary}` },
      body,
    });
  // The emulator closes a kept-alive connection once it has idled 5 s (while pictures are drawn); a request sent on it
  // just then is reset unread (ECONNRESET; seen once in a CI run). Sent again once: the same name and bytes, the same object.
  const response = await send().catch((error: Error) => {
    if ((error.cause as NodeJS.ErrnoException | undefined)?.code !== 'ECONNRESET') throw error;
    return send();
  });
  if (!response.ok) throw new Error(`Storage emulator refused ${path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

export interface UploadSummary {
  files: number;
  /** Distinct pictures drawn. */
  drawn: number;
  bytes: number;
}

/** Uploads every file (drawing each picture once); resolves when all are stored. */
export async function uploadPictures(target: PictureTarget, files: readonly SeedFile[]): Promise<UploadSummary> {
  const pictures = new PictureSet();
  let bytes = 0;
  await eachAtMost(files, CONCURRENCY, async (file) => {
    const data = await pictures.get(file.picture);
    bytes += data.length;
    await put(target, file.path, data, file.picture.use === 'blog' ? BLOG_CACHE_CONTROL : undefined);
  });
  return { files: files.length, drawn: pictures.size, bytes };
}
