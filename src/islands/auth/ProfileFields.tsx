/** What a therapist or store registers with besides the login: the name, the profile URL and the area. */
import type { RegistrationDraft, RegistrationErrors } from '../../lib/auth/registration';
import { publicProfilePath } from '../../lib/routes';
import { AreaField } from '../forms/AreaField';
import { TextField } from '../forms/TextField';

interface ProfileFieldsProps {
  draft: RegistrationDraft;
  errors: RegistrationErrors;
  update: <K extends keyof RegistrationDraft>(field: K, value: RegistrationDraft[K]) => void;
}

export function ProfileFields({ draft, errors, update }: ProfileFieldsProps) {
  const isStore = draft.kind === 'store';
  return (
    <>
      <TextField
        name="name"
        label={isStore ? '店舗名' : '表示名'}
        required
        autoComplete={isStore ? 'organization' : 'nickname'}
        value={draft.name}
        onChange={(event) => update('name', event.target.value)}
        error={errors.name}
        hint={isStore ? 'サイトに表示される店舗の名前です。' : 'サイトに表示される名前です。あとで変えられます。'}
      />
      <TextField
        name="slug"
        label="プロフィール URL"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        prefix={publicProfilePath(isStore ? 'store' : 'therapist', '')}
        value={draft.slug}
        onChange={(event) => update('slug', event.target.value)}
        error={errors.slug}
        hint="半角英小文字・数字・ハイフンで 3〜30 文字。セラピストと店舗を通して重複できません。"
      />
      <AreaField
        name="area"
        required
        value={draft.area}
        onChange={(area) => update('area', area)}
        error={errors.area}
        hint="一覧にないときは「その他」を選んでください。あとで変えられます。"
      />
    </>
  );
}
