/**
 * /illustrations/{n}.svg: the illustrated faces (DiceBear's Lorelei style,
 * CC0 design by Lisa Wischofsky) on the site's warm backgrounds.
 */
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import type { APIRoute, GetStaticPaths } from 'astro';
import { ILLUSTRATION_COUNT } from '../../lib/illustration';

export const getStaticPaths = (() =>
  Array.from({ length: ILLUSTRATION_COUNT }, (_, n) => ({ params: { n: String(n) } }))) satisfies GetStaticPaths;

const BACKGROUNDS = ['fde2e4', 'fad2e1', 'fff1e6', 'e2ece9', 'dfe7fd', 'f0efeb', 'ffe5d9', 'eae4e9'];

export const GET: APIRoute = ({ params }) => {
  const svg = createAvatar(lorelei, {
    seed: `theralink-${params.n}`,
    backgroundColor: BACKGROUNDS,
    backgroundType: ['solid'],
  }).toString();
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
