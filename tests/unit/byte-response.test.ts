import { afterEach, describe, expect, it } from 'vitest';
import { ByteResponse, bodyBytes, keepResponseBytes } from '../../scripts/renderer/byte-response';

const NativeResponse = globalThis.Response;
const page = () => new TextEncoder().encode('<!doctype html><p>こんにちは</p>');

afterEach(() => {
  globalThis.Response = NativeResponse;
});

describe('a render worker’s Response', () => {
  it('gives back the very bytes it was made with, and keeps status and headers', async () => {
    const bytes = page();
    const response = new ByteResponse(bytes, { status: 404, headers: { 'Content-Type': 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await bodyBytes(response)).toBe(bytes);
  });

  it('reads its body as a stream of the same bytes, and still gives them whole afterwards', async () => {
    const bytes = page();
    const response = new ByteResponse(bytes);
    expect(response.body).not.toBeNull();
    const streamed = new Uint8Array(await new NativeResponse(response.body).arrayBuffer());
    expect(streamed).toEqual(page());
    expect(await bodyBytes(response)).toEqual(page());
  });

  it('leaves other bodies to undici', async () => {
    const text = new ByteResponse('{"a":1}', { headers: { 'Content-Type': 'application/json' } });
    expect(new TextDecoder().decode(await bodyBytes(text))).toBe('{"a":1}');
    const empty = new ByteResponse(null, { status: 404 });
    expect(empty.body).toBeNull();
    expect((await bodyBytes(empty)).byteLength).toBe(0);
  });

  it('is the Response of the thread once kept, and a native response still reads as before', async () => {
    keepResponseBytes();
    const bytes = page();
    const response = new Response(bytes);
    expect(response).toBeInstanceOf(ByteResponse);
    expect(await bodyBytes(response)).toBe(bytes);
    expect(await bodyBytes(new NativeResponse(page()))).toEqual(page());
  });
});
