/**
 * /skindetector in real headless Chromium: the island's loading frame,
 * analysing generated photos (share, heat-map, verdict, EXIF orientation,
 * a 12,000 × 9,000 photo, a BMP decoded full size), the messages for files it cannot read, the
 * learned model on request, and that no image data leaves the page.
 */
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { bmpImage, chooseDrawnImage, drawTestImage, withExifOrientation } from './fixtures/test-images';
import { useSiteSession } from './site-session';

const site = useSiteSession();
let page: Page;
beforeEach(async () => {
  page = await site.newPage();
});

const ISLAND_CHUNKS = '**/_astro/SkinDetector*.js';

/** Opens the tool and waits until the island and its worker have loaded. */
async function openTool() {
  await page.goto('/skindetector');
  await page.getByText('写真を選ぶ', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Every request the page makes from now on. */
function recordRequests(): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** A request for one of the site's own built scripts or styles: the only kind the tool may make. */
const isOwnChunk = (request: Request) =>
  request.method() === 'GET' &&
  request.postData() === null &&
  new URL(request.url()).origin === site.url &&
  /^\/_astro\/[^/]+\.(js|css)$/.test(new URL(request.url()).pathname);

const shownShare = async () => Number((await page.getByTestId('skin-share').textContent())!.replace('%', ''));

/** Alpha of the heat-map canvas at (x, y), as fractions of its size. */
const heatAlpha = (x: number, y: number) =>
  page.getByTestId('heatmap').evaluate(
    (canvas: HTMLCanvasElement, [fx, fy]) => {
      const px = Math.floor(fx! * canvas.width);
      const py = Math.floor(fy! * canvas.height);
      return canvas.getContext('2d')!.getImageData(px, py, 1, 1).data[3];
    },
    [x, y],
  );

describe('island frame', () => {
  it('shows a centred spinner while the island code loads', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ISLAND_CHUNKS, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/skindetector');
    const spinner = page.getByRole('status').filter({ hasText: '肌色判定ツールを読み込んでいます' });
    await spinner.waitFor();
    // Centred in its frame: its box is the frame's, content laid out in the middle.
    expect(await spinner.evaluate((el) => getComputedStyle(el).justifyContent + ' ' + getComputedStyle(el).alignItems)).toBe(
      'center center',
    );
    release();
    await page.getByText('写真を選ぶ', { exact: true }).waitFor();
    await spinner.waitFor({ state: 'hidden' });
  });

  it('shows a Japanese error and a reload button when the island chunk fails, and reloads into the tool', async () => {
    await page.route(ISLAND_CHUNKS, (route) => route.abort());
    await page.goto('/skindetector');
    const error = page.getByRole('alert').filter({ hasText: '肌色判定ツールを読み込めませんでした' });
    await error.waitFor();
    expect(await page.getByRole('status').filter({ hasText: '読み込んでいます' }).isVisible()).toBe(false);

    await page.unroute(ISLAND_CHUNKS);
    await error.getByRole('button', { name: '再読み込み' }).click();
    await page.getByText('写真を選ぶ', { exact: true }).waitFor();
    expect(await error.isVisible()).toBe(false);
  });
});

describe('analysing a photo', () => {
  it('says on the page that the image stays on the device', async () => {
    await page.goto('/skindetector');
    expect(await page.locator('main').textContent()).toContain('画像はこの端末の中だけで解析され、どこにも送信されません');
  });

  it('measures a skin-toned region on blue, shows the heat-map, and sends nothing while analysing', async () => {
    await openTool();
    // 1600 × 1200 PNG (downscaled for analysis) with a skin rectangle of 50 % × 60 % = 30 % in the middle.
    const png = await drawTestImage(page, { width: 1600, height: 1200, type: 'image/png', skin: [0.25, 0.2, 0.5, 0.6] });
    const requests = recordRequests();
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('verdict').waitFor();

    expect(requests.filter((request) => !isOwnChunk(request)).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
    expect(await shownShare()).toBeGreaterThanOrEqual(28);
    expect(await shownShare()).toBeLessThanOrEqual(32);
    expect(await page.getByTestId('verdict').textContent()).toBe('危険');
    expect(await page.getByTestId('regions').textContent()).toMatch(/中央：写真の (29|30|31)%/);
    await expect(page.getByTestId('status').textContent()).resolves.toMatch(/^判定結果：危険（肌色の割合 \d+%）$/);

    const heatmap = page.getByTestId('heatmap');
    expect(await heatmap.isVisible()).toBe(true);
    expect(await heatAlpha(0.5, 0.5)).toBeGreaterThan(0);
    expect(await heatAlpha(0.05, 0.05)).toBe(0);
    const toggle = page.getByRole('switch', { name: 'ヒートマップを表示' });
    await toggle.uncheck();
    expect(await heatmap.isVisible()).toBe(false);
    await toggle.check();
    expect(await heatmap.isVisible()).toBe(true);
  });

  it('calls a photo with a little skin in a corner 安全', async () => {
    await openTool();
    const png = await drawTestImage(page, { width: 800, height: 600, type: 'image/png', skin: [0, 0, 0.2, 0.2] });
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'corner.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('verdict').waitFor();
    expect(await page.getByTestId('verdict').textContent()).toBe('安全');
    // 20 % × 20 % = 4 %, give or take the edge pixels the downscale blends.
    expect(await shownShare()).toBeGreaterThanOrEqual(3);
    expect(await shownShare()).toBeLessThanOrEqual(5);
  });

  it('turns the photo upright by its EXIF orientation', async () => {
    await openTool();
    // Stored landscape 400 × 200 with skin on the left half; orientation 6 turns it 90° clockwise,
    // so it shows as a 200 × 400 portrait with the skin on the top half.
    const stored = await drawTestImage(page, { width: 400, height: 200, type: 'image/jpeg', skin: [0, 0, 0.5, 1] });
    await page
      .getByLabel('写真を選ぶ')
      .setInputFiles({ name: 'rotated.jpg', mimeType: 'image/jpeg', buffer: withExifOrientation(stored, 6) });
    await page.getByTestId('verdict').waitFor();
    const size = await page.getByTestId('photo').evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]);
    expect(size).toEqual([200, 400]);
    expect(await heatAlpha(0.5, 0.25)).toBeGreaterThan(0);
    expect(await heatAlpha(0.5, 0.75)).toBe(0);
    expect(await page.getByTestId('regions').textContent()).toContain('上側');
  });

  it('analyses a 12,000 × 9,000 photo from a small copy', async () => {
    await openTool();
    await chooseDrawnImage(
      page,
      { width: 12_000, height: 9_000, type: 'image/jpeg', skin: [0.25, 0.25, 0.5, 0.5], texture: true },
      'huge.jpg',
    );
    await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
    const size = await page.getByTestId('photo').evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]);
    expect(size).toEqual([1280, 960]);
    expect(await shownShare()).toBeGreaterThanOrEqual(23);
    expect(await shownShare()).toBeLessThanOrEqual(27);
  });

  it('shrinks a format it cannot size from the header (BMP) after decoding', async () => {
    await openTool();
    const bmp = bmpImage(2000, 1500, [0.25, 0.25, 0.5, 0.5]);
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'scan.bmp', mimeType: 'image/bmp', buffer: bmp });
    await page.getByTestId('verdict').waitFor();
    const size = await page.getByTestId('photo').evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]);
    expect(size).toEqual([1280, 960]);
    expect(await shownShare()).toBeGreaterThanOrEqual(24);
    expect(await shownShare()).toBeLessThanOrEqual(26);
  });
});

describe('files it cannot analyse', () => {
  const alert = () => page.getByRole('alert');

  it('explains that a text file renamed .jpg is not an image', async () => {
    await openTool();
    await page.getByLabel('写真を選ぶ').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('これは画像ではなく、ただのテキストファイルです。\n'),
    });
    await alert().waitFor();
    expect(await alert().textContent()).toContain('画像を読み込めませんでした');
    expect(await alert().textContent()).toContain('JPEG・PNG・WebP などの画像ファイルを選んでください');
    expect(await page.getByTestId('verdict').count()).toBe(0);
  });

  it('says when this browser cannot decode HEIC', async () => {
    await openTool();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
    await alert().waitFor();
    expect(await alert().textContent()).toContain('このブラウザは HEIC 形式');
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    await openTool();
    // A PNG header claiming 20,000 × 20,000 (400 million pixels).
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(20_000, 8);
    ihdr.writeUInt32BE(20_000, 12);
    ihdr.set([8, 6, 0, 0, 0], 16);
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), ihdr]);
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png });
    await alert().waitFor();
    expect(await alert().textContent()).toContain('画像の画素数が多すぎます');
  });
});

describe('learned second opinion', () => {
  it('loads the model only when asked, from this site, and shows the five class scores', async () => {
    const requests = recordRequests();
    await openTool();
    const png = await drawTestImage(page, { width: 640, height: 480, type: 'image/png', skin: [0.3, 0.2, 0.4, 0.6] });
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('verdict').waitFor();
    const modelChunk = (request: Request) => /learned-model|group1-shard/.test(request.url());
    expect(requests.filter(modelChunk)).toEqual([]);

    const before = requests.length;
    await page.getByRole('button', { name: 'AI による判定も行う' }).click();
    const scores = page.getByTestId('model-scores');
    await scores.waitFor({ timeout: 45_000 });
    const afterClick = requests.slice(before);
    expect(afterClick.some(modelChunk)).toBe(true);
    expect(afterClick.filter((request) => !isOwnChunk(request)).map((r) => r.url())).toEqual([]);

    const rows = await scores.locator('dt').allTextContents();
    expect(rows.map((row) => row.replace(/\s+/g, ''))).toEqual([
      'イラスト（Drawing）',
      '成人向けイラスト（Hentai）',
      '一般的な写真（Neutral）',
      '性的な写真（Porn）',
      '露出の多い写真（Sexy）',
    ]);
    const percents = (await scores.locator('dd').allTextContents()).map((text) => Number(text.replace('%', '')));
    expect(percents).toHaveLength(5);
    // Rounded probabilities of a softmax: they add up to about 100.
    expect(percents.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(97);
    expect(percents.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(103);
    expect(await page.locator('section', { has: scores }).textContent()).toMatch(/AI は「.+」の可能性がいちばん高いと判定しました（\d+%）/);
  });

  it('says so when the model cannot be loaded', async () => {
    await page.route('**/_astro/learned-model*.js', (route) => route.abort());
    await openTool();
    const png = await drawTestImage(page, { width: 320, height: 240, type: 'image/png', skin: [0.3, 0.2, 0.4, 0.6] });
    await page.getByLabel('写真を選ぶ').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'AI による判定も行う' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('AI の判定モデルを読み込めませんでした。通信状態を確かめて、もう一度お試しください。');
    expect(await page.getByRole('button', { name: 'AI による判定も行う' }).isEnabled()).toBe(true);
  });
});
