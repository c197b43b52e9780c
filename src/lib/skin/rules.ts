/**
 * Skin-colour pixel rules from the literature, each an explicit threshold
 * test on one colour space, and the vote that combines them.
 *
 * Every rule alone is known to accept some non-skin surfaces (wood, sand,
 * warm walls) and to miss skin under some lighting, and they err on
 * different pixels. A pixel therefore counts as skin when at least two of
 * the three rules accept it (majority vote).
 *
 * Channels are 8-bit sRGB values 0–255 as a canvas returns them.
 */

/**
 * RGB rule of Kovač, Peer & Solina (2003), "Human skin colour clustering
 * for face detection", EUROCON 2003, vol. 2, pp. 144–148.
 *
 * Uniform daylight: R > 95, G > 40, B > 20, max(R,G,B) − min(R,G,B) > 15,
 * |R − G| > 15, R > G, R > B.
 * Flash or daylight lateral illumination: R > 220, G > 210, B > 170,
 * |R − G| ≤ 15, R > B, G > B.
 * A pixel is skin when either case holds, as in the paper.
 */
export function kovacRgbRule(r: number, g: number, b: number): boolean {
  const daylight = r > 95 && g > 40 && b > 20 && Math.max(r, g, b) - Math.min(r, g, b) > 15 && Math.abs(r - g) > 15 && r > g && r > b;
  if (daylight) return true;
  return r > 220 && g > 210 && b > 170 && Math.abs(r - g) <= 15 && r > b && g > b;
}

/** Hue in degrees [0, 360), saturation and value in [0, 1] (hexcone model). */
export interface Hsv {
  h: number;
  s: number;
  v: number;
}

/** RGB → HSV with the usual hexcone formulas; grey has hue 0. */
export function toHsv(r: number, g: number, b: number): Hsv {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let h = 0;
  if (delta > 0) {
    if (max === r) h = (60 * (g - b)) / delta;
    else if (max === g) h = 60 * (2 + (b - r) / delta);
    else h = 60 * (4 + (r - g) / delta);
    if (h < 0) h += 360;
  }
  return { h, s: max === 0 ? 0 : delta / max, v: max / 255 };
}

/**
 * HSV rule of Sobottka & Pitas (1998), "A novel method for automatic face
 * segmentation, facial feature extraction and tracking", Signal
 * Processing: Image Communication 12(3), pp. 263–281:
 * 0° ≤ H ≤ 50° and 0.23 ≤ S ≤ 0.68 (V is not constrained).
 */
export function sobottkaHsvRule(r: number, g: number, b: number): boolean {
  const { h, s } = toHsv(r, g, b);
  return h <= 50 && s >= 0.23 && s <= 0.68;
}

/** Luma and chroma of full-range ITU-R BT.601 YCbCr (the JPEG/JFIF matrix). */
export interface YCbCr {
  y: number;
  cb: number;
  cr: number;
}

/** RGB → full-range BT.601 YCbCr, unrounded. */
export function toYCbCr(r: number, g: number, b: number): YCbCr {
  return {
    y: 0.299 * r + 0.587 * g + 0.114 * b,
    cb: 128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    cr: 128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
  };
}

/**
 * YCbCr skin-colour map of Chai & Ngan (1999), "Face segmentation using
 * skin-color map in videophone applications", IEEE Transactions on
 * Circuits and Systems for Video Technology 9(4), pp. 551–564:
 * 77 ≤ Cb ≤ 127 and 133 ≤ Cr ≤ 173 (Y is not constrained).
 */
export function chaiNganYCbCrRule(r: number, g: number, b: number): boolean {
  const { cb, cr } = toYCbCr(r, g, b);
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** The three rules in the order the vote counts them. */
export const SKIN_RULES = [kovacRgbRule, sobottkaHsvRule, chaiNganYCbCrRule] as const;

/** Votes needed for a pixel to count as skin: a majority of the three rules. */
export const SKIN_VOTES_NEEDED = 2;

/** True when at least two of the three published rules accept the pixel. */
export function isSkinPixel(r: number, g: number, b: number): boolean {
  let votes = 0;
  for (const rule of SKIN_RULES) {
    if (rule(r, g, b) && ++votes >= SKIN_VOTES_NEEDED) return true;
  }
  return false;
}
