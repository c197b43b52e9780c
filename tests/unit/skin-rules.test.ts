/**
 * The published skin rules at their boundaries, with pixels worked out by
 * hand (the comments show the arithmetic), and the majority vote.
 */
import { describe, expect, it } from 'vitest';
import { chaiNganYCbCrRule, isSkinPixel, kovacRgbRule, sobottkaHsvRule, toHsv, toYCbCr } from '../../src/lib/skin/rules';

type Pixel = [number, number, number];

describe('Kovač, Peer & Solina RGB rule', () => {
  it.each<[string, Pixel]>([
    ['a typical light skin tone', [224, 172, 140]],
    ['R = 96, G = 41, B = 21: every daylight bound just passed', [96, 41, 21]],
    ['|R − G| = 16', [100, 84, 30]],
    ['R = 100 > B = 99', [100, 60, 99]],
    ['flash case: R 230 > 220, G 220 > 210, B 180 > 170, |R − G| = 10 ≤ 15', [230, 220, 180]],
  ])('accepts %s', (_, [r, g, b]) => {
    expect(kovacRgbRule(r, g, b)).toBe(true);
  });

  it.each<[string, Pixel]>([
    ['R = 95 (must exceed 95)', [95, 41, 21]],
    ['G = 40 (must exceed 40)', [96, 40, 21]],
    ['B = 20 (must exceed 20)', [96, 41, 20]],
    ['|R − G| = 15 (must exceed 15)', [100, 85, 30]],
    ['R = B (R must exceed B)', [100, 60, 100]],
    ['G > R', [120, 140, 60]],
    ['flash case with B = 170 (must exceed 170); daylight fails on |R − G| = 10', [230, 220, 170]],
    ['flash case with R = 220 (must exceed 220); daylight fails on |R − G| = 5', [220, 215, 180]],
    ['sky blue', [30, 80, 200]],
    ['white', [255, 255, 255]],
  ])('rejects %s', (_, [r, g, b]) => {
    expect(kovacRgbRule(r, g, b)).toBe(false);
  });
});

describe('HSV conversion', () => {
  it('follows the hexcone formulas', () => {
    // max R = 200, min B = 80, Δ = 120: H = 60·(G − B)/Δ = 60·100/120 = 50, S = 120/200 = 0.6.
    expect(toHsv(200, 180, 80)).toEqual({ h: 50, s: 0.6, v: 200 / 255 });
    // max G: H = 60·(2 + (B − R)/Δ) = 60·(2 + 0) = 120.
    expect(toHsv(0, 255, 0).h).toBe(120);
    // max B: H = 60·(4 + (R − G)/Δ) = 240.
    expect(toHsv(0, 0, 255).h).toBe(240);
    // max R with B > G wraps: 60·(−55/110) + 360 = 330.
    expect(toHsv(115, 5, 60).h).toBe(330);
    expect(toHsv(90, 90, 90)).toEqual({ h: 0, s: 0, v: 90 / 255 });
    expect(toHsv(0, 0, 0).s).toBe(0);
  });
});

describe('Sobottka & Pitas HSV rule (0° ≤ H ≤ 50°, 0.23 ≤ S ≤ 0.68)', () => {
  it.each<[string, Pixel]>([
    ['H = 60·100/120 = 50°, S = 0.6 (hue on its bound)', [200, 180, 80]],
    ['S = (100 − 77)/100 = 0.23, H = 60·3/23 ≈ 7.8° (saturation on its lower bound)', [100, 80, 77]],
    ['S = (100 − 32)/100 = 0.68, H = 60·18/68 ≈ 15.9° (saturation on its upper bound)', [100, 50, 32]],
    ['H = 0° (pure hue of red), S = 0.5', [200, 100, 100]],
  ])('accepts %s', (_, [r, g, b]) => {
    expect(sobottkaHsvRule(r, g, b)).toBe(true);
  });

  it.each<[string, Pixel]>([
    ['H = 60·101/120 = 50.5°', [200, 181, 80]],
    ['S = 22/100 = 0.22', [100, 80, 78]],
    ['S = 69/100 = 0.69', [100, 50, 31]],
    ['H = 330° (pink: R max, B > G)', [115, 5, 60]],
    ['grey (S = 0)', [128, 128, 128]],
  ])('rejects %s', (_, [r, g, b]) => {
    expect(sobottkaHsvRule(r, g, b)).toBe(false);
  });
});

describe('YCbCr conversion (full-range BT.601)', () => {
  it('maps grey to neutral chroma and red to the known coefficients', () => {
    const grey = toYCbCr(128, 128, 128);
    expect([grey.cb, grey.cr]).toEqual([128, 128]); // the chroma coefficients each sum to 0
    expect(grey.y).toBeCloseTo(128, 10);
    const red = toYCbCr(90, 0, 0);
    expect(red.cr).toBe(173); // 128 + 0.5·90
    expect(red.cb).toBeCloseTo(112.81376, 10); // 128 − 0.168736·90
  });
});

describe('Chai & Ngan YCbCr rule (77 ≤ Cb ≤ 127, 133 ≤ Cr ≤ 173)', () => {
  it.each<[string, Pixel]>([
    ['Cr = 128 + 0.5·10 = 133 (lower Cr bound), Cb = 128 − 1.687 = 126.31', [10, 0, 0]],
    ['Cr = 128 + 0.5·90 = 173 (upper Cr bound), Cb = 112.81', [90, 0, 0]],
    ['Cb = 128 − 12.149 + 11 = 126.85, Cr = 128 + 36 − 1.789 = 162.21', [72, 0, 22]],
    ['Cb = 128 − 18.223 − 32.464 = 77.31, Cr = 128 + 54 − 41.031 = 140.97', [108, 98, 0]],
  ])('accepts %s', (_, [r, g, b]) => {
    expect(chaiNganYCbCrRule(r, g, b)).toBe(true);
  });

  it.each<[string, Pixel]>([
    ['Cr = 128 + 0.5·9 = 132.5', [9, 0, 0]],
    ['Cr = 128 + 0.5·91 = 173.5', [91, 0, 0]],
    ['Cb = 128 − 11.980 + 11 = 127.02', [71, 0, 22]],
    ['Cb = 128 − 18.223 − 32.795 = 76.98', [108, 99, 0]],
    ['grey: Cb = Cr = 128', [128, 128, 128]],
  ])('rejects %s', (_, [r, g, b]) => {
    expect(chaiNganYCbCrRule(r, g, b)).toBe(false);
  });
});

describe('majority vote of the three rules', () => {
  // Which rules accept each pixel: RGB, HSV, YCbCr.
  it.each<[string, Pixel, [boolean, boolean, boolean], boolean]>([
    ['all three', [115, 70, 65], [true, true, true], true],
    ['RGB and HSV (Cr = 186.3 is too red)', [195, 80, 70], [true, true, false], true],
    ['RGB and YCbCr (S = 0.71 too saturated)', [120, 65, 35], [true, false, true], true],
    ['HSV and YCbCr (R = 75 too dark for RGB)', [75, 65, 40], [false, true, true], true],
    ['only RGB (H = 308.6°, Cb = 137.1)', [115, 80, 110], [true, false, false], false],
    ['only HSV (Cr = 131.7)', [60, 55, 40], [false, true, false], false],
    ['only YCbCr (S = 0.92, R = 60)', [60, 5, 10], [false, false, true], false],
    ['none (blue)', [0, 15, 220], [false, false, false], false],
  ])('%s', (_, [r, g, b], votes, skin) => {
    expect([kovacRgbRule(r, g, b), sobottkaHsvRule(r, g, b), chaiNganYCbCrRule(r, g, b)]).toEqual(votes);
    expect(isSkinPixel(r, g, b)).toBe(skin);
  });
});
