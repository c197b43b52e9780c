/**
 * What the registration form checks before anything is sent, with one
 * Japanese message per field. Pure, so the unit tests cover it directly.
 */
import { areaProblem } from '../areas';
import { normalizeSlug, slugProblem } from '../slugs';
import { emailAddressError } from './email-address';
import { newPasswordError } from './password-rules';

/** A fan (推し活用) has no public profile: no name, profile URL or area is asked. */
export type RegistrationKind = 'therapist' | 'store' | 'fan';
export const REGISTRATION_KINDS: readonly RegistrationKind[] = ['fan', 'therapist', 'store'];

/** Whether the kind has a public profile (and so a name, a profile URL and an area). */
export function hasPublicProfile(kind: RegistrationKind): kind is 'therapist' | 'store' {
  return kind !== 'fan';
}

export interface RegistrationDraft {
  kind: RegistrationKind;
  name: string;
  slug: string;
  area: string;
  email: string;
  agreed: boolean;
}

export interface Registration extends Omit<RegistrationDraft, 'slug'> {
  slug: string;
  password: string;
}

export type RegistrationErrors = Partial<Record<keyof Registration, string>>;

export const NAME_MAX_LENGTH: Record<'therapist' | 'store', number> = { therapist: 40, store: 60 };

export function validateRegistration(input: Registration): RegistrationErrors {
  const errors: RegistrationErrors = hasPublicProfile(input.kind) ? profileErrors({ ...input, kind: input.kind }) : {};
  const emailError = emailAddressError(input.email);
  if (emailError) errors.email = emailError;
  const passwordError = newPasswordError(input.password);
  if (passwordError) errors.password = passwordError;
  if (!input.agreed) errors.agreed = '登録するには利用規約への同意が必要です。';
  return errors;
}

/** The name, profile URL and area of a therapist or store. */
function profileErrors(input: Registration & { kind: 'therapist' | 'store' }): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const name = input.name.trim();
  const nameLabel = input.kind === 'store' ? '店舗名' : '表示名';
  if (name === '') errors.name = `${nameLabel}を入力してください。`;
  else if (name.length > NAME_MAX_LENGTH[input.kind]) {
    errors.name = `${nameLabel}は ${NAME_MAX_LENGTH[input.kind]} 文字以内にしてください。`;
  }
  const slugError = slugProblem(input.slug);
  if (slugError) errors.slug = slugError;
  const areaError = areaProblem(input.area);
  if (areaError) errors.area = areaError;
  return errors;
}

/** The registration as it is saved: trimmed name and email, slug in its stored form. */
export function normalizeRegistration(input: Registration): Registration {
  return { ...input, name: input.name.trim(), email: input.email.trim(), slug: normalizeSlug(input.slug) };
}
