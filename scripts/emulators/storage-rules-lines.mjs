/**
 * Preloaded into firebase-tools (NODE_OPTIONS=--import, scripts/lib/emulator-process.ts)
 * when it runs the Storage emulator. The emulator asks its rules runtime (a
 * Java process: Google's, or scripts/emulators/StorageRulesStandIn.java)
 * over stdin/stdout, one JSON answer a line, but parses each stdout `data`
 * chunk as one JSON value: when two answers arrive in one chunk (several
 * pictures requested at once, a busy machine) both are dropped and those
 * requests hang for ever (firebase/firebase-tools#6194, open). This makes
 * the runtime's stdout emit exactly one whole line per `data` event.
 * Remove it once firebase-tools splits the lines itself.
 */
import childProcess from 'node:child_process';

/**
 * Re-emits `stream`'s `data` as one complete line per event (a partial line
 * waits for its end), so a reader that parses each event alone sees every line.
 * @template {NodeJS.EventEmitter} T
 * @param {T} stream
 * @returns {T}
 */
export function splitDataEvents(stream) {
  const emit = stream.emit;
  let pending = '';
  /** @type {(event: string | symbol, ...args: unknown[]) => boolean} */
  const emitLines = function (event, ...args) {
    if (event !== 'data') return emit.call(this, event, ...args);
    pending += Buffer.isBuffer(args[0]) ? args[0].toString('utf8') : String(args[0]);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') emit.call(this, 'data', Buffer.from(`${line}\n`, 'utf8'));
    return true;
  };
  stream.emit = emitLines;
  return stream;
}

/**
 * The rules runtime is the one Java process firebase-tools starts as `java … -jar <jar> serve`.
 * @param {unknown} args
 */
export function isStorageRulesRuntime(args) {
  return Array.isArray(args) && args.includes('-jar') && args[args.length - 1] === 'serve';
}

// firebase-tools starts it through cross-spawn, which calls child_process.spawn when it runs.
const spawn = childProcess.spawn;
/** @type {typeof childProcess.spawn} */
const spawnWithLines = /** @type {typeof childProcess.spawn} */ (
  function (/** @type {string} */ command, /** @type {unknown[]} */ ...rest) {
    const child = Reflect.apply(spawn, this, [command, ...rest]);
    if (isStorageRulesRuntime(rest[0]) && child.stdout) splitDataEvents(child.stdout);
    return child;
  }
);
childProcess.spawn = spawnWithLines;
