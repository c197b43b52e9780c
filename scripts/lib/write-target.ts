/**
 * Where a trusted script (announce, alerts, ranking, moderate, …) acts: for a
 * demo- project, the emulators a running `npm start` (or `npm run
 * emulators`) serves, found by themselves; a real project only with
 * --allow-production. Anything else is refused (status 2) with why.
 */
import { runningEmulatorEnv } from './emulator-process';
import { emulatorHost, projectId } from './project';

/** The emulators' variables to add (found running), nothing to add, or why the script must not run. */
export type WriteTarget = { ok: true; local: Record<string, string> | null } | { ok: false; reason: string };

/** Decides from `env` (unchanged); the caller adds `local` to its environment. */
export async function findWriteTarget(env: NodeJS.ProcessEnv, allowProduction: boolean): Promise<WriteTarget> {
  if (env.FIRESTORE_EMULATOR_HOST || allowProduction) return { ok: true, local: null };
  const project = projectId(env);
  if (!project.startsWith('demo-')) {
    return {
      ok: false,
      reason: `FIRESTORE_EMULATOR_HOST が設定されていないため、プロジェクト ${project} には書き込みません（本番に書き込むときは --allow-production を付けてください）。`,
    };
  }
  const local = await runningEmulatorEnv();
  if (local) return { ok: true, local };
  return {
    ok: false,
    reason: `ローカルのエミュレータが見つかりません（${emulatorHost('firestore')}）。先に別のターミナルで npm start を実行してください。`,
  };
}

/** The line a script prints when it found the local emulators. */
export const localTargetLine = (local: Record<string, string>) =>
  `ローカルのエミュレータ（Firestore ${local.FIRESTORE_EMULATOR_HOST}）に書き込みます。`;

/** findWriteTarget for process.env, exiting with status 2 when refused. */
export async function chooseWriteTarget(allowProduction: boolean): Promise<void> {
  const target = await findWriteTarget(process.env, allowProduction);
  if (!target.ok) {
    console.error(target.reason);
    process.exit(2);
  }
  if (target.local) {
    Object.assign(process.env, target.local);
    console.log(localTargetLine(target.local));
  }
}
