/**
 * /profile and /store-profile: the signed-in owner edits her profile
 * (accounts/{uid} or stores/{uid}), its picture and, below, her former
 * (frozen) handles; a therapist also the store she asks to join
 * (storeRequests/{uid}, saved with the form). Firestore lite only; the
 * Storage SDK loads when a picture is picked.
 */
import { updateProfile } from 'firebase/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { MEMBERS_ANCHOR } from '../../lib/auth/account-links';
import { syncCurrentUser, type AuthUser } from '../../lib/auth/auth-store';
import { clientAuth } from '../../lib/firebase/app';
import { dropDraft } from '../../lib/profile/draft-base';
import { publicProfilePath } from '../../lib/routes';
import { type ProfileKind } from '../../lib/profile/kinds';
import { readOwnProfileDoc } from '../../lib/profile/own-profile';
import { storeDraftFromDoc, therapistDraftFromDoc, type StoreValues, type TherapistValues } from '../../lib/profile/profile-form';
import { AuthPending } from '../account/AuthPending';
import { RequireSignIn, type SignedIn } from '../account/RequireSignIn';
import { FormAlert } from '../forms/FormAlert';
import { FrozenHandlesEditor } from '../frozen/FrozenHandlesEditor';
import { Button } from '../ui/Button';
import { readStoreRequest } from '../../lib/membership/client';
import { storeDisplayName, storeDocName } from '../../lib/store-name';
import { NO_STORE_REQUEST, type StoreRequest } from '../../lib/membership/state';
import { AvatarField } from './AvatarField';
import type { EditorStatus } from './SaveBar';
import { TherapistForm } from './TherapistForm';
import { draftKey } from './use-profile-form';

// A store's editor and its members' list load only for a store: a therapist's /profile does not download them.
const StoreForm = lazy(() => import('./StoreForm').then((module) => ({ default: module.StoreForm })));
const StoreMembers = lazy(() => import('../store-members/StoreMembers').then((module) => ({ default: module.StoreMembers })));

type Loaded =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'missing' }
  | { state: 'ready'; data: Record<string, unknown>; request: StoreRequest };

function savedMessage(kind: ProfileKind, values: TherapistValues | StoreValues, wasPublished: boolean): EditorStatus {
  const path = publicProfilePath(kind, values.profileSlug);
  if (values.published) {
    return {
      kind: 'success',
      text: '保存しました。数十秒ほどで公開ページに反映されます。',
      link: { href: path, label: `公開ページを見る（${path}）` },
    };
  }
  return {
    kind: 'success',
    text: wasPublished
      ? '保存しました。非公開にしたため、数十秒ほどで公開ページが表示されなくなります。'
      : '保存しました。プロフィールはまだ非公開です。「公開する」をオンにして保存すると公開されます。',
  };
}

/** Keeps the Auth user's display name in step with the profile, for the nav (best effort). */
async function syncAuthName(name: string) {
  const user = clientAuth().currentUser;
  if (user && name && user.displayName !== name) await updateProfile(user, { displayName: name });
  syncCurrentUser();
}

interface EditorProps {
  kind: ProfileKind;
  user: AuthUser;
  initial: Record<string, unknown>;
  /** Her store request as loaded (none for a store). */
  initialRequest: StoreRequest;
}

function Editor({ kind, user, initial, initialRequest }: EditorProps) {
  const [saved, setSaved] = useState(initial);
  const [request, setRequest] = useState(initialRequest);
  const [photo, setPhoto] = useState(typeof initial.photo === 'string' ? initial.photo : '');
  const [formKey, setFormKey] = useState(0);
  const [status, setStatus] = useState<EditorStatus | null>(null);

  const onSaved = (values: TherapistValues | StoreValues) => {
    setStatus(savedMessage(kind, values, saved.published === true));
    // A new request's time is the server's: until it is read again the request is simply pending.
    if ('storeId' in values && values.storeId !== request.storeId) setRequest({ storeId: values.storeId, requestedAt: null });
    setSaved({ ...saved, ...values });
    // A fresh form from the saved values (its draft was just cleared).
    setFormKey((key) => key + 1);
    const name = 'storeName' in values ? storeDisplayName(values) : values.displayName;
    syncAuthName(name).catch(() => undefined);
  };
  const onDiscard = () => {
    dropDraft(draftKey(kind, user.uid));
    setStatus(null);
    setFormKey((key) => key + 1);
  };

  const name = kind === 'store' ? storeDocName(saved) : String(saved.displayName ?? '');
  const formProps = { user, status, onStatus: setStatus, onDiscard };
  const membership = { storeId: request.storeId ?? '', requestedAt: request.requestedAt };
  const onLeftStore = () => {
    setRequest(NO_STORE_REQUEST);
    setStatus({ kind: 'success', text: '店舗をやめました。数十秒ほどで公開ページに反映されます。' });
  };
  return (
    <div className="space-y-8">
      <AvatarField uid={user.uid} kind={kind} name={name} photo={photo} onChange={setPhoto} />
      {kind === 'store' ? (
        <Suspense fallback={<AuthPending label="読み込んでいます…" />}>
          <StoreForm key={formKey} {...formProps} fromDoc={storeDraftFromDoc(saved)} onSaved={onSaved} />
        </Suspense>
      ) : (
        <TherapistForm
          key={formKey}
          {...formProps}
          fromDoc={therapistDraftFromDoc(saved, request.storeId)}
          onSaved={onSaved}
          membership={membership}
          onLeftStore={onLeftStore}
        />
      )}
      {kind === 'store' && (
        // The store menu's メンバー links here.
        <div id={MEMBERS_ANCHOR} className="scroll-mt-20">
          <Suspense fallback={<AuthPending label="読み込んでいます…" />}>
            <StoreMembers storeUid={user.uid} />
          </Suspense>
        </div>
      )}
      <FrozenHandlesEditor user={user} />
    </div>
  );
}

function Loader({ user, kind }: SignedIn & { kind: ProfileKind }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    Promise.all([readOwnProfileDoc(user.uid, kind), kind === 'therapist' ? readStoreRequest(user.uid) : NO_STORE_REQUEST]).then(
      ([data, request]) => live && setLoaded(data ? { state: 'ready', data, request } : { state: 'missing' }),
      () => live && setLoaded({ state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [user.uid, kind, attempt]);
  switch (loaded.state) {
    case 'loading':
      return <AuthPending label="プロフィールを読み込んでいます…" />;
    case 'error':
      return (
        <FormAlert kind="error">
          <p>プロフィールを読み込めませんでした。通信状態を確かめて、もう一度お試しください。</p>
          <Button variant="secondary" className="mt-2 border-current font-medium" onClick={() => setAttempt((n) => n + 1)}>
            もう一度読み込む
          </Button>
        </FormAlert>
      );
    case 'missing':
      return (
        <FormAlert kind="info">
          このアカウントには{kind === 'store' ? '店舗の' : 'セラピストの'}プロフィールがありません。
          プロフィールは新規登録のときに作られます。
        </FormAlert>
      );
    case 'ready':
      return <Editor kind={kind} user={user} initial={loaded.data} initialRequest={loaded.request} />;
  }
}

export function ProfileEditorPage({ kind }: { kind: ProfileKind }) {
  return (
    <RequireSignIn page={kind === 'store' ? 'store-profile' : 'profile'}>
      {(signedIn) => <Loader {...signedIn} kind={kind} />}
    </RequireSignIn>
  );
}
