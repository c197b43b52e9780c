/**
 * Link-preview card images (1200 × 630 PNG) for profiles without a photo:
 * the name large, the area and store under it, the site name. Rendered at
 * build time with satori (layout to SVG) and sharp (SVG to PNG) in Noto
 * Sans JP from its npm package, so every machine draws the same glyphs.
 * Node only: called from the /og/ endpoints while the site is built.
 * Cards are cached in .cache/og by their text, so a rebuild redraws only
 * what changed (./card-cache.ts drops the ones no longer asked for).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { SITE_NAME } from '../site';
import { cardCacheDir, markCardUsed, partialCardFile } from './card-cache';
import { CARD_SIZE } from './cards';

const { width: CARD_WIDTH, height: CARD_HEIGHT } = CARD_SIZE;
/** Bump when the design (or how it is drawn) changes, so cached cards are redrawn. */
const DESIGN_VERSION = 4;

export interface CardText {
  /** The big line: her (or the store's) name, or the site's slogan. */
  title: string;
  /** The small line: area and store. */
  subtitle: string;
  /** Above the title: セラピスト / 店舗. */
  label?: string;
}

let fonts: Promise<{ name: string; data: Buffer; weight: 700; style: 'normal' }[]> | undefined;
function loadFonts() {
  // Resolved from the project root: the build runs this from a bundled chunk.
  const require = createRequire(path.resolve('package.json'));
  fonts ??= readFile(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')).then((data) => [
    { name: 'Noto Sans JP', data, weight: 700 as const, style: 'normal' as const },
  ]);
  return fonts;
}

/** Long names get a smaller type size, and the longest are cut. */
function titleSize(title: string): number {
  const length = [...title].length;
  if (length <= 8) return 112;
  if (length <= 14) return 84;
  return 60;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string } };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children },
});

/** The card as a satori element tree. */
function card({ title, subtitle, label }: CardText): Node {
  return h(
    'div',
    {
      // satori sizes the content box: the padding is taken off here.
      width: CARD_WIDTH - 2 * 80,
      height: CARD_HEIGHT - 2 * 72,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 80px',
      // One flat brand colour: a gradient tripled the drawing time and made each card 150 KB instead of 20 KB.
      backgroundColor: '#be185d',
      color: '#ffffff',
      fontFamily: 'Noto Sans JP',
    },
    h(
      'div',
      { display: 'flex', flexDirection: 'column', gap: '24px' },
      ...(label ? [h('div', { fontSize: 36, color: '#fbcfe8' }, label)] : []),
      h('div', { fontSize: titleSize(title), lineHeight: 1.15 }, clip(title, 24)),
      ...(subtitle ? [h('div', { fontSize: 44, color: '#fce7f3' }, clip(subtitle, 30))] : []),
    ),
    h(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 40 },
      h('div', { display: 'flex' }, SITE_NAME),
      h('div', { display: 'flex', fontSize: 28, color: '#fbcfe8' }, 'いまの居場所がわかる'),
    ),
  );
}

/** Draws a card (no cache). */
export async function renderCard(text: CardText): Promise<Buffer> {
  // satori's types want React elements; the plain { type, props } tree is what it reads.
  const svg = await satori(card(text) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  // satori draws the text as paths, so the rasteriser needs no fonts. sharp (librsvg and libpng) draws a card in about
  // half the time resvg took, which counts at 100,000 profiles; the card is opaque, so no alpha channel.
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}

/**
 * The cached card's file, drawn and cached first when missing. The build
 * links this file into the site (scripts/renderer/entry.ts), so a cache
 * file is never changed in place: a new one is written beside and renamed.
 */
export async function cardFile(text: CardText): Promise<string> {
  const key = createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, text.title, text.subtitle, text.label ?? '']))
    .digest('hex');
  const dir = cardCacheDir();
  const file = path.join(dir, `${key.slice(0, 32)}.png`);
  const cached = await stat(file).catch(() => undefined);
  if (cached && cached.size > 0) {
    await markCardUsed(file, cached.mtimeMs);
    return file;
  }
  const png = await renderCard(text);
  await mkdir(dir, { recursive: true });
  // Written beside and renamed, so a parallel build never reads half a file. The name is unique per call:
  // the renderer's worker threads share one pid and may draw the same card at once.
  const partial = partialCardFile(file);
  await writeFile(partial, png);
  await rename(partial, file);
  return file;
}
