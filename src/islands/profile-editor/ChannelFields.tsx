/**
 * The current channels (SNS and links). Each value is folded to its stored
 * form when the field is left (`@Miu` → `miu`, a pasted profile URL → the
 * account name), and a problem is shown at once at that field.
 */
import { CHANNEL_FIELDS, channelProblem, normalizeChannel, type ChannelDraft, type ChannelKey } from '../../lib/profile/channel-input';
import type { FormErrors } from '../../lib/profile/profile-form';
import { TextField } from '../forms/TextField';

interface Props {
  keys: readonly ChannelKey[];
  value: ChannelDraft;
  errors: FormErrors;
  onChange(key: ChannelKey, value: string): void;
  onError(field: string, message: string | null): void;
}

export function ChannelFields({ keys, value, errors, onChange, onError }: Props) {
  const leave = (key: ChannelKey) => {
    const normalized = normalizeChannel(key, value[key]);
    const problem = channelProblem(key, normalized);
    if (!problem && normalized !== value[key]) onChange(key, normalized);
    onError(`channels.${key}`, problem);
  };
  return (
    <fieldset className="card space-y-4">
      <legend className="px-1 text-lg font-bold">SNS・リンク</legend>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        いま使っているアカウントです。使っていない欄は空のままで構いません。凍結された旧アカウントは下の「凍結・旧アカウント」に登録してください。
      </p>
      {keys.map((key) => {
        const field = CHANNEL_FIELDS[key];
        const isUrl = key === 'website';
        return (
          <TextField
            key={key}
            name={`channels.${key}`}
            label={field.label}
            placeholder={field.placeholder}
            hint={field.hint}
            type={isUrl ? 'url' : 'text'}
            inputMode={isUrl ? 'url' : 'text'}
            autoComplete={isUrl ? 'url' : 'off'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={value[key]}
            onChange={(event) => onChange(key, event.target.value)}
            onBlur={() => leave(key)}
            error={errors[`channels.${key}`]}
          />
        );
      })}
    </fieldset>
  );
}
