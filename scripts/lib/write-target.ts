/**
 * Where a trusted script (announce, alerts, ranking) writes: for a demo-
 * project, the emulators a running `npm start` (or `npm run emulators`)
 * serves, found by themselves; a real project only with
 * --allow-production. Anything else exits with status 2 and says why.
 */
import { runningEmulatorEnv } from './emulator-process';
import { emulatorHost, projectId } from './project';

export async function chooseWriteTarget(allowProduction: boolean): Promise<void> {
  if (!process.env.FIRESTORE_EMULATOR_HOST && !allowProduction && projectId().startsWith('demo-')) {
    const local = await runningEmulatorEnv();
    if (local) {
      Object.assign(process.env, local);
      console.log(`ローカルのエミュレータ（Firestore ${local.FIRESTORE_EMULATOR_HOST}）に書き込みます。`);
    }
  }
  if (!process.env.FIRESTORE_EMULATOR_HOST && !allowProduction) {
    console.error(
      projectId().startsWith('demo-')
        ? `ローカルのエミュレータが見つかりません（${emulatorHost('firestore')}）。先に別のターミナルで npm start を実行してください。`
        : `FIRESTORE_EMULATOR_HOST が設定されていないため、プロジェクト ${projectId()} には書き込みません（本番に書き込むときは --allow-production を付けてください）。`,
    );
    process.exit(2);
  }
}
