/** The therapist's profile form (accounts/{uid}). */
import type { Instant } from '../../lib/membership/state';
import type { AuthUser } from '../../lib/auth/auth-store';
import { CHANNEL_KEYS } from '../../lib/profile/channel-input';
import { publicProfilePath } from '../../lib/routes';
import {
  LIMITS,
  THERAPIST_FIELD_ORDER,
  validateTherapist,
  type TherapistDraft,
  type TherapistValues,
} from '../../lib/profile/profile-form';
import { normalizeSlug } from '../../lib/slugs';
import { MAX_TAG_LENGTH, MAX_TAGS, parseTags, tagsToText } from '../../lib/profile/tag-input';
import { AreaField } from '../forms/AreaField';
import { TagsField } from '../forms/TagsField';
import { TextAreaField } from '../forms/TextAreaField';
import { TextField } from '../forms/TextField';
import { ChannelFields } from './ChannelFields';
import { DraftNotice } from './DraftNotice';
import { PublishField } from './PublishField';
import { SaveBar, type EditorStatus } from './SaveBar';
import { SlugField } from './SlugField';
import { DisputeOffer } from '../disputes/DisputeOffer';
import { StoreMembership } from './StoreMembership';
import { StorePicker } from './StorePicker';
import { useProfileForm } from './use-profile-form';

interface Props {
  user: AuthUser;
  fromDoc: TherapistDraft;
  status: EditorStatus | null;
  onStatus(status: EditorStatus | null): void;
  onSaved(values: TherapistValues): void;
  onDiscard(): void;
  /** The store her saved request names ('' for none) and when she asked (storeRequests/{uid}). */
  membership: { storeId: string; requestedAt: Instant | null };
  /** She left her store (the profile was written already). */
  onLeftStore(): void;
}

export function TherapistForm({ user, fromDoc, status, onStatus, onSaved, onDiscard, membership, onLeftStore }: Props) {
  const { draft, update, errors, setFieldError, busy, restored, form, submit, takenHandle } = useProfileForm({
    kind: 'therapist',
    user,
    fromDoc,
    validate: validateTherapist,
    fieldOrder: THERAPIST_FIELD_ORDER,
    onStatus,
    onSaved,
  });
  const tags = parseTags(draft.tags);

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-6" aria-label="プロフィールの編集">
      {restored && <DraftNotice onDiscard={onDiscard} />}
      <section aria-labelledby="basic-heading" className="card space-y-4">
        <h2 id="basic-heading" className="text-lg font-bold">
          基本情報
        </h2>
        <TextField
          name="displayName"
          label="表示名"
          required
          autoComplete="nickname"
          value={draft.displayName}
          onChange={(event) => update('displayName', event.target.value)}
          error={errors.displayName}
          hint={`サイトに表示される名前です（${LIMITS.displayName} 文字まで）。`}
        />
        <SlugField
          kind="therapist"
          uid={user.uid}
          value={draft.profileSlug}
          savedSlug={fromDoc.profileSlug}
          error={errors.profileSlug}
          onChange={(value) => update('profileSlug', value)}
          onError={(message) => setFieldError('profileSlug', message)}
        />
        <TextAreaField
          name="bio"
          label="自己紹介"
          rows={8}
          counterMax={LIMITS.bio}
          value={draft.bio}
          onChange={(event) => update('bio', event.target.value)}
          error={errors.bio}
          hint="得意なこと、出勤の傾向、ひとことなど。"
        />
        <AreaField
          name="area"
          required
          value={draft.area}
          onChange={(area) => update('area', area)}
          error={errors.area}
          hint="主に出勤するエリアです。一覧にないときは「その他」を選んでください。"
        />
        <TagsField
          name="tags"
          label="タグ"
          value={draft.tags}
          tags={tags}
          onChange={(text) => update('tags', text)}
          onRemove={(tag) => update('tags', tagsToText(tags.filter((other) => other !== tag)))}
          error={errors.tags}
          placeholder="癒し系、聞き上手"
          hint={`「、」やスペースで区切って ${MAX_TAGS} 個まで（1 つ ${MAX_TAG_LENGTH} 文字まで）。`}
        />
      </section>

      <StorePicker value={draft.storeId} defaultArea={draft.area} error={errors.storeId} onChange={(storeId) => update('storeId', storeId)}>
        <StoreMembership
          uid={user.uid}
          savedStoreId={membership.storeId}
          savedRequestedAt={membership.requestedAt}
          chosenStoreId={draft.storeId}
          onLeft={() => {
            update('storeId', '');
            onLeftStore();
          }}
        />
      </StorePicker>

      <ChannelFields
        keys={CHANNEL_KEYS}
        value={draft.channels}
        errors={errors}
        onChange={(key, value) => update('channels', { ...draft.channels, [key]: value }, `channels.${key}`)}
        onError={setFieldError}
      />
      {takenHandle && <DisputeOffer user={user} handle={takenHandle.handle} kind={takenHandle.kind} />}

      <PublishField
        user={user}
        checked={draft.published}
        publicPath={publicProfilePath('therapist', normalizeSlug(draft.profileSlug))}
        error={errors.published}
        onChange={(checked) => update('published', checked)}
      />

      <SaveBar busy={busy} status={status} />
    </form>
  );
}
