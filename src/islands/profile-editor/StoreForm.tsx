/** The store's profile form (stores/{uid}). */
import type { AuthUser } from '../../lib/auth/auth-store';
import { publicProfilePath } from '../../lib/routes';
import {
  LIMITS,
  STORE_CHANNEL_KEYS,
  STORE_FIELD_ORDER,
  validateStore,
  type StoreDraft,
  type StoreValues,
} from '../../lib/profile/profile-form';
import { channelProblem, normalizeChannel } from '../../lib/profile/channel-input';
import { normalizeSlug } from '../../lib/slugs';
import { AreaField } from '../forms/AreaField';
import { TextAreaField } from '../forms/TextAreaField';
import { TextField } from '../forms/TextField';
import { ChannelFields } from './ChannelFields';
import { CourseMenuFields } from './CourseMenuFields';
import { DraftNotice } from './DraftNotice';
import { PublishField } from './PublishField';
import { SaveBar, type EditorStatus } from './SaveBar';
import { SlugField } from './SlugField';
import { DisputeOffer } from '../disputes/DisputeOffer';
import { useProfileForm } from './use-profile-form';

interface Props {
  user: AuthUser;
  fromDoc: StoreDraft;
  status: EditorStatus | null;
  onStatus(status: EditorStatus | null): void;
  onSaved(values: StoreValues): void;
  onDiscard(): void;
}

export function StoreForm({ user, fromDoc, status, onStatus, onSaved, onDiscard }: Props) {
  const { draft, update, errors, setFieldError, busy, restored, form, submit, takenHandle } = useProfileForm({
    kind: 'store',
    user,
    fromDoc,
    validate: validateStore,
    fieldOrder: STORE_FIELD_ORDER,
    onStatus,
    onSaved,
  });
  const leaveWebsite = () => {
    const normalized = normalizeChannel('website', draft.website);
    const problem = channelProblem('website', normalized);
    if (!problem && normalized !== draft.website) update('website', normalized);
    setFieldError('website', problem);
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-6" aria-label="店舗プロフィールの編集">
      {restored && <DraftNotice onDiscard={onDiscard} />}
      <section aria-labelledby="basic-heading" className="card space-y-4">
        <h2 id="basic-heading" className="text-lg font-bold">
          基本情報
        </h2>
        <TextField
          name="storeName"
          label="店舗名"
          required
          autoComplete="organization"
          value={draft.storeName}
          onChange={(event) => update('storeName', event.target.value)}
          error={errors.storeName}
          hint={`正式な店舗名です（${LIMITS.storeName} 文字まで）。`}
        />
        <TextField
          name="displayName"
          label="表示名"
          autoComplete="off"
          value={draft.displayName}
          onChange={(event) => update('displayName', event.target.value)}
          error={errors.displayName}
          hint={`サイトでは店舗名の代わりにこの名前を表示します。空なら店舗名を表示します（${LIMITS.displayName} 文字まで）。`}
        />
        <SlugField
          kind="store"
          uid={user.uid}
          value={draft.profileSlug}
          savedSlug={fromDoc.profileSlug}
          error={errors.profileSlug}
          onChange={(value) => update('profileSlug', value)}
          onError={(message) => setFieldError('profileSlug', message)}
        />
        <TextAreaField
          name="description"
          label="店舗の紹介"
          rows={8}
          counterMax={LIMITS.description}
          value={draft.description}
          onChange={(event) => update('description', event.target.value)}
          error={errors.description}
          hint="お店の雰囲気、コース、料金の目安など。"
        />
      </section>

      <section aria-labelledby="access-heading" className="card space-y-4">
        <h2 id="access-heading" className="text-lg font-bold">
          場所・営業時間
        </h2>
        <AreaField
          name="area"
          required
          value={draft.area}
          onChange={(area) => update('area', area)}
          error={errors.area}
          hint="一覧にないときは「その他」を選んでください。"
        />
        <TextField
          name="address"
          label="住所"
          autoComplete="street-address"
          value={draft.address}
          onChange={(event) => update('address', event.target.value)}
          error={errors.address}
          hint={`${LIMITS.address} 文字まで。マンション名や部屋番号は書かなくても構いません。`}
        />
        <TextField
          name="nearestStation"
          label="最寄り駅"
          value={draft.nearestStation}
          onChange={(event) => update('nearestStation', event.target.value)}
          error={errors.nearestStation}
          placeholder="新宿駅 東口 徒歩5分"
          hint={`${LIMITS.nearestStation} 文字まで。`}
        />
        <TextField
          name="hours"
          label="営業時間"
          value={draft.hours}
          onChange={(event) => update('hours', event.target.value)}
          error={errors.hours}
          placeholder="12:00〜翌5:00"
          hint={`${LIMITS.hours} 文字まで。`}
        />
        <TextField
          name="website"
          label="ウェブサイト"
          type="url"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="https://example.com"
          value={draft.website}
          onChange={(event) => update('website', event.target.value)}
          onBlur={leaveWebsite}
          error={errors.website}
          hint="お店の公式サイトの https:// で始まる URL です。"
        />
      </section>

      <ChannelFields
        keys={STORE_CHANNEL_KEYS}
        value={draft.channels}
        errors={errors}
        onChange={(key, value) => update('channels', { ...draft.channels, [key]: value }, `channels.${key}`)}
        onError={setFieldError}
      />
      {takenHandle && <DisputeOffer user={user} handle={takenHandle.handle} kind={takenHandle.kind} />}

      <CourseMenuFields
        courses={draft.courses}
        options={draft.options}
        errors={errors}
        onCourses={(rows) => update('courses', rows)}
        onOptions={(rows) => update('options', rows)}
        onClearErrors={(prefix) => Object.keys(errors).forEach((field) => field.startsWith(`${prefix}.`) && setFieldError(field, null))}
      />

      <PublishField
        user={user}
        checked={draft.published}
        publicPath={publicProfilePath('store', normalizeSlug(draft.profileSlug))}
        error={errors.published}
        onChange={(checked) => update('published', checked)}
      />

      <SaveBar busy={busy} status={status} />
    </form>
  );
}
