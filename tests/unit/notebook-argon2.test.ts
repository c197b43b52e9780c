import { describe, expect, it } from 'vitest';
import { derivePassphraseKey, NOTEBOOK_ARGON2 } from '../../src/lib/notebook/argon2';
import { newKdfParams } from '../../src/lib/notebook/envelope';
import { nodeArgon2id } from './notebook-kdf-node';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('Argon2id', () => {
  it('matches the RFC 9106 §5.3 test vector (secret and associated data included)', async () => {
    const argon2id = await nodeArgon2id();
    const tag = argon2id({
      password: new Uint8Array(32).fill(0x01),
      salt: new Uint8Array(16).fill(0x02),
      secret: new Uint8Array(8).fill(0x03),
      ad: new Uint8Array(12).fill(0x04),
      parallelism: 4,
      passes: 3,
      memorySize: 32,
      tagLength: 32,
    });
    expect(hex(tag)).toBe('0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659');
  });

  it('derives the notebook key at the stated cost (64 MiB, 3 passes, 4 lanes), the same for the same input', async () => {
    expect(NOTEBOOK_ARGON2).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 4 });
    const argon2id = await nodeArgon2id();
    const kdf = newKdfParams();
    const started = performance.now();
    const first = derivePassphraseKey(argon2id, 'ひみつの合言葉2026', kdf);
    const ms = performance.now() - started;
    expect(first).toHaveLength(32);
    expect(hex(derivePassphraseKey(argon2id, 'ひみつの合言葉2026', kdf))).toBe(hex(first));
    expect(hex(derivePassphraseKey(argon2id, 'ひみつの合言葉2027', kdf))).not.toBe(hex(first));
    // Recorded for the README figure; generous bound for a busy 2-core machine.
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  it('treats full-width and half-width forms of a passphrase as one (NFKC)', async () => {
    const argon2id = await nodeArgon2id();
    const kdf = newKdfParams({ memoryKiB: 1024, iterations: 1, parallelism: 1 });
    expect(hex(derivePassphraseKey(argon2id, 'ＡＢＣ１２３', kdf))).toBe(hex(derivePassphraseKey(argon2id, 'ABC123', kdf)));
  });
});
