import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStorageRulesRuntime, splitDataEvents } from '../../scripts/emulators/storage-rules-lines.mjs';

const ANSWER = (id: number) => `{"id":${id},"status":"ok","result":{"permit":true},"errors":[],"warnings":[]}`;

/** What a reader that parses each `data` event alone (firebase-tools' rules runtime client) receives. */
function parsedEvents(chunks: readonly string[]): unknown[] {
  const stream = splitDataEvents(new PassThrough());
  const parsed: unknown[] = [];
  stream.on('data', (buf: Buffer) => parsed.push(JSON.parse(buf.toString('utf8').trim())));
  for (const chunk of chunks) stream.emit('data', Buffer.from(chunk, 'utf8'));
  return parsed;
}

describe('the Storage rules runtime’s answers, one a line', () => {
  it('splits answers that arrive in one chunk, which firebase-tools would drop', () => {
    const chunk = `${ANSWER(21)}\n${ANSWER(22)}\n`;
    expect(() => JSON.parse(chunk.trim())).toThrow();
    expect(parsedEvents([chunk])).toEqual([JSON.parse(ANSWER(21)), JSON.parse(ANSWER(22))]);
  });

  it('holds a line cut across chunks until its end comes', () => {
    const whole = `${ANSWER(7)}\n`;
    expect(parsedEvents([whole.slice(0, 20), whole.slice(20, 50), `${whole.slice(50)}${ANSWER(8)}\n`])).toEqual([
      JSON.parse(ANSWER(7)),
      JSON.parse(ANSWER(8)),
    ]);
  });

  it('knows the rules runtime by how firebase-tools starts it, and nothing else', () => {
    expect(isStorageRulesRuntime(['-Duser.language=en', '-jar', '/x/storage-rules-stand-in.jar', 'serve'])).toBe(true);
    expect(isStorageRulesRuntime(['-jar', '/x/firestore-emulator-wrapper.jar', '--host', '127.0.0.1'])).toBe(false);
    expect(isStorageRulesRuntime(undefined)).toBe(false);
  });

  it('is applied to the runtime a process preloading it spawns', () => {
    const preload = pathToFileURL(path.resolve('scripts/emulators/storage-rules-lines.mjs')).href;
    // A stand-in runtime that writes two answers at once, as a busy machine delivers them.
    const runtime = `process.stdout.write(${JSON.stringify(`${ANSWER(1)}\n${ANSWER(2)}\n`)})`;
    const parent = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['-e', ${JSON.stringify(runtime)}, '--', '-jar', 'x.jar', 'serve']);
      const events = [];
      child.stdout.on('data', (buf) => events.push(buf.toString()));
      child.on('close', () => console.log(JSON.stringify(events)));`;
    const result = spawnSync(process.execPath, ['--import', preload, '-e', parent], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([`${ANSWER(1)}\n`, `${ANSWER(2)}\n`]);
  });
});
