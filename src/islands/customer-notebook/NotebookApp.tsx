/**
 * The notebook's states: loading, set-up, locked, and open (list, customer
 * page, forms, settings). While open, 15 minutes without interaction lock
 * it again; a draft sealed before the lock reopens its form after unlock.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { watchIdle } from '../../lib/notebook/idle';
import { $notebook, lock, readNotebookDraft, startNotebook } from '../../lib/notebook/session';
import { FormAlert } from '../forms/FormAlert';
import { CustomerForm } from './CustomerForm';
import { CustomerList } from './CustomerList';
import { CustomerPage } from './CustomerPage';
import { NewPassphraseForm } from './NewPassphraseForm';
import { NotebookSettings } from './NotebookSettings';
import { isDraft } from './sealed-draft';
import { parseRoute, routeHash, useHashRoute } from './routes';
import { SetUpView } from './SetUpView';
import { SyncBar } from './SyncBar';
import { UnlockView } from './UnlockView';
import { VisitForm } from './VisitForm';
import { Button } from '../ui/Button';

export function NotebookApp({ uid }: { uid: string }) {
  const state = useStore($notebook);
  const [route, navigate] = useHashRoute();
  const unlocked = state.status === 'unlocked';

  useEffect(() => {
    void startNotebook(uid);
  }, [uid]);

  useEffect(() => {
    if (!unlocked) return;
    const stop = watchIdle(() => lock(true));
    // A form left open before a reload or the idle lock: open it again with what was typed.
    void readNotebookDraft().then((draft) => {
      if (isDraft(draft) && routeHash(parseRoute(draft.route)) === draft.route && location.hash !== draft.route) {
        navigate(parseRoute(draft.route), { replace: true });
      }
    });
    return stop;
  }, [unlocked, navigate]);

  switch (state.status) {
    case 'loading':
      return <p role="status">顧客ノートを読み込んでいます…</p>;
    case 'load-failed':
      return (
        <div className="space-y-3">
          <FormAlert kind="error">顧客ノートを読み込めませんでした。通信状態を確かめて、もう一度お試しください。</FormAlert>
          <Button variant="secondary" onClick={() => void startNotebook(uid)}>
            もう一度読み込む
          </Button>
        </div>
      );
    case 'unreadable':
      return (
        <FormAlert kind="error">
          この顧客ノートは、このバージョンのサイトでは開けない形式です。ページを再読み込みしても続くときは運営にお問い合わせください。
        </FormAlert>
      );
    case 'absent':
      return <SetUpView />;
    case 'locked':
      return <UnlockView idle={state.idle} />;
    case 'unlocked':
      break;
  }

  if (state.mustSetPassphrase) {
    return (
      <div className="space-y-4">
        <FormAlert kind="success">回復コードでノートを開きました。続けて、新しい合言葉を決めてください。</FormAlert>
        <NewPassphraseForm mode="after-recovery" />
      </div>
    );
  }

  const entry = 'slot' in route ? state.entries.find((candidate) => candidate.slot === route.slot) : undefined;
  const missing = 'slot' in route && !entry;

  return (
    <div className="space-y-4" data-testid="notebook-open">
      <SyncBar onSettings={() => navigate({ view: 'settings' })} showSettings={route.view !== 'settings'} />
      {state.unopened > 0 && (
        <FormAlert kind="error">
          開けない記録が {state.unopened} 件あります（データが壊れているか、書き換えられています）。その記録は表示していません。
        </FormAlert>
      )}
      {missing ? (
        <div className="space-y-3">
          <FormAlert kind="info">この顧客は見つかりませんでした。削除された可能性があります。</FormAlert>
          <Button variant="secondary" onClick={() => navigate({ view: 'list' }, { replace: true })}>
            顧客一覧へ
          </Button>
        </div>
      ) : route.view === 'new' ? (
        <CustomerForm key="new" entry={null} navigate={navigate} />
      ) : route.view === 'edit' && entry ? (
        <CustomerForm key={`edit-${entry.slot}`} entry={entry} navigate={navigate} />
      ) : route.view === 'visit' && entry ? (
        <VisitForm key={`visit-${entry.slot}-${route.visitId ?? ''}`} entry={entry} visitId={route.visitId} navigate={navigate} />
      ) : route.view === 'customer' && entry ? (
        <CustomerPage entry={entry} navigate={navigate} />
      ) : route.view === 'settings' ? (
        <NotebookSettings navigate={navigate} />
      ) : (
        <CustomerList entries={state.entries} navigate={navigate} />
      )}
    </div>
  );
}
