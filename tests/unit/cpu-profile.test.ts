import { describe, expect, it } from 'vitest';
import { categoryOf, summariseProfile, type CpuProfile } from '../../scripts/bench/cpu-profile';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

/** A profile whose samples spend `micros` in each frame, in turn. */
function profileOf(spent: [ReturnType<typeof frame>, number][]): CpuProfile {
  return {
    nodes: spent.map(([callFrame], i) => ({ id: i + 1, callFrame })),
    samples: spent.map((_, i) => i + 1),
    timeDeltas: spent.map(([, micros]) => micros),
  };
}

describe('cpu-profile', () => {
  it('files each function under the part of a render it belongs to', () => {
    expect(categoryOf(frame('renderChild', 'file:///w/.build/renderer/k/server/chunks/astro/server_X.mjs'))).toBe('astro');
    expect(categoryOf(frame('createAstro', 'file:///w/.build/renderer/k/server/chunks/_@astrojs-ssr-adapter_Y.mjs'))).toBe('astro');
    expect(categoryOf(frame('extractBody', 'node:internal/deps/undici/undici'))).toBe('request and response');
    expect(categoryOf(frame('encodeUtf8String'))).toBe('request and response');
    expect(categoryOf(frame('(garbage collector)'))).toBe('garbage collection');
    expect(categoryOf(frame('(idle)'))).toBe('idle');
    expect(categoryOf(frame('postMessage'))).toBe('handing over');
    expect(categoryOf(frame('lexer', 'file:///w/node_modules/marked/lib/marked.esm.js'))).toBe('libraries');
    expect(categoryOf(frame('formatDateTime', 'file:///w/.build/renderer/k/server/chunks/directory_Z.mjs'))).toBe('project');
    expect(categoryOf(frame('inlineHashes', 'file:///w/scripts/lib/hosting-headers.ts'))).toBe('project');
    expect(categoryOf(frame('open'))).toBe('files');
    expect(categoryOf(frame('open', 'file:///w/scripts/lib/door.ts'))).toBe('project');
    expect(categoryOf(frame('(program)'))).toBe('other');
  });

  it('gives shares of the busy time, idle left out, and the costliest functions first', () => {
    const astro = frame('render', 'file:///w/.build/renderer/k/server/chunks/astro/server_X.mjs');
    const ours = frame('formatDateTime', 'file:///w/.build/renderer/k/server/chunks/directory_Z.mjs');
    const summary = summariseProfile(
      profileOf([
        [astro, 3_000_000],
        [frame('(idle)'), 5_000_000],
        [ours, 1_000_000],
        [frame('(garbage collector)'), 1_000_000],
      ]),
      2,
    );
    expect(summary.busySeconds).toBe(5);
    expect(summary.shares.astro).toBeCloseTo(0.6);
    expect(summary.shares.project).toBeCloseTo(0.2);
    expect(summary.shares['garbage collection']).toBeCloseTo(0.2);
    expect(summary.shares.libraries).toBe(0);
    expect(summary.top).toEqual([
      { name: 'render server_X.mjs:1', seconds: 3 },
      { name: 'formatDateTime directory_Z.mjs:1', seconds: 1 },
    ]);
  });
});
