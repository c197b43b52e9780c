/**
 * The bytes of a rendered page without the stream around them. Astro
 * encodes a page once and hands the bytes to `new Response`, which copies
 * them into a stream that `arrayBuffer()` reads back into a third copy:
 * about 35 µs a 20 KB page on this machine against 27 µs for the encoding
 * itself, at 85,000 pages a build (docs/performance.md, "Rendering cost per
 * page"). In a render worker, `Response` is this subclass, which keeps a
 * byte body as it was given; `bodyBytes` returns it. Its status and
 * headers are undici's, and its `body`, when Astro reads it (a 404 page,
 * merged into the error response), a stream of a copy. Its own readers
 * (`arrayBuffer`, `text`, `clone`) see no body: in the worker only
 * `bodyBytes` reads a response, and only Astro makes them.
 */
const kept = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

const NativeResponse = globalThis.Response;

export class ByteResponse extends NativeResponse {
  constructor(body?: BodyInit | null, init?: ResponseInit) {
    // Astro's pages: bytes of their own buffer (what the worker transfers to the build's main thread).
    if (!(body instanceof Uint8Array && body.buffer instanceof ArrayBuffer)) {
      super(body, init);
      return;
    }
    super(null, init);
    kept.set(this, body as Uint8Array<ArrayBuffer>);
  }

  override get body(): Response['body'] {
    const bytes = kept.get(this);
    // A stream of a copy (undici copies a byte body), so the bytes kept stay whole for bodyBytes.
    return bytes ? new NativeResponse(bytes).body : super.body;
  }
}

/** Makes `Response` keep byte bodies in this thread (a render worker's: ./entry.ts). */
export function keepResponseBytes(): void {
  globalThis.Response = ByteResponse;
}

/** The bytes of `response`'s body, read once. */
export async function bodyBytes(response: Response): Promise<Uint8Array> {
  const bytes = kept.get(response);
  if (!bytes) return new Uint8Array(await response.arrayBuffer());
  kept.delete(response);
  return bytes;
}
