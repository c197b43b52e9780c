/**
 * Which emulator JARs the launcher picks. The file system and the download
 * check are replaced; the wrapper and stand-in JARs are really built (they
 * need the JDK's `jar` and `javac`, as the launcher does).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EmulatorSetupError, GOOGLE_FIRESTORE_JAR, chooseEmulatorBinaries, type BinaryProbe } from '../../scripts/lib/emulator-binaries';

const probe = (files: string[], online: boolean, env: NodeJS.ProcessEnv = {}): BinaryProbe => ({
  exists: (file) => files.some((f) => file.endsWith(f)),
  canDownload: async () => online,
  env,
});

describe('Firestore emulator', () => {
  it("uses firebase-tools' own JAR when it is cached", async () => {
    const choice = await chooseEmulatorBinaries(['firestore'], probe(['cloud-firestore-emulator-v1.19.8.jar'], false));
    expect(choice.env).toEqual({});
  });

  it("runs Google's packaged emulator through a wrapper JAR when offline", async () => {
    const choice = await chooseEmulatorBinaries(['firestore'], probe([GOOGLE_FIRESTORE_JAR], false));
    expect(choice.env.FIRESTORE_EMULATOR_BINARY_PATH).toMatch(/\.cache\/emulators\/firestore-emulator-wrapper\.jar$/);
    expect(existsSync(choice.env.FIRESTORE_EMULATOR_BINARY_PATH!)).toBe(true);
  });

  it('lets firebase-tools download its JAR on a machine with internet', async () => {
    const choice = await chooseEmulatorBinaries(['firestore'], probe([], true));
    expect(choice.env).toEqual({});
  });

  it('fails saying what to install when neither is possible', async () => {
    const attempt = chooseEmulatorBinaries(['firestore'], probe([], false));
    await expect(attempt).rejects.toBeInstanceOf(EmulatorSetupError);
    await expect(attempt).rejects.toThrow(/google-cloud-cli-firestore-emulator/);
  });

  it('respects an explicit FIRESTORE_EMULATOR_BINARY_PATH', async () => {
    const choice = await chooseEmulatorBinaries(['firestore'], probe([], false, { FIRESTORE_EMULATOR_BINARY_PATH: '/x.jar' }));
    expect(choice.env).toEqual({});
  });
});

describe('Storage rules runtime', () => {
  it('falls back to the stand-in offline, and says loudly that it enforces nothing', async () => {
    const choice = await chooseEmulatorBinaries(['storage'], probe([], false));
    expect(choice.env.STORAGE_EMULATOR_BINARY_PATH).toMatch(/storage-rules-stand-in\.jar$/);
    expect(choice.notes.join('\n')).toMatch(/ALLOWS EVERY REQUEST.*NOT enforced/s);
  });

  it('lets firebase-tools download the real runtime when it can', async () => {
    const choice = await chooseEmulatorBinaries(['storage'], probe([], true));
    expect(choice.env).toEqual({});
  });
});
