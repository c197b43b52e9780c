/**
 * The recovery code shown once at set-up: 120 random bits written as 24
 * Crockford base32 characters in six groups (`7K2M-…`). It is long enough
 * that a fast KDF (HKDF-SHA-256) suffices; typing is forgiving: lower
 * case, full-width characters, spaces and hyphens are accepted, and O / I /
 * L read as 0 / 1 / 1.
 */
import { copyBytes, randomBytes, type Bytes } from './bytes';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_BYTES = 15;
const CHARS = (RECOVERY_CODE_BYTES * 8) / 5;
const GROUP = 4;

function encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A fresh recovery code, formatted for showing (`XXXX-XXXX-…`). */
export function newRecoveryCode(): string {
  return formatRecoveryCode(encode(randomBytes(RECOVERY_CODE_BYTES)));
}

export function formatRecoveryCode(compact: string): string {
  return compact.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? '';
}

/** The 24 canonical characters of what was typed, or null when it cannot be a recovery code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const compact = typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—―ー_]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== CHARS || [...compact].some((char) => !ALPHABET.includes(char))) return null;
  return compact;
}

/** The code's 15 bytes (the HKDF input), or null when it is not a recovery code. */
export function recoveryCodeBytes(typed: string): Bytes | null {
  const compact = normalizeRecoveryCode(typed);
  if (!compact) return null;
  const bytes = new Uint8Array(RECOVERY_CODE_BYTES);
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of compact) {
    value = ((value << 5) | ALPHABET.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes[index++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return copyBytes(bytes);
}
