/**
 * Typed names for the UI parts defined in src/styles/ui-parts.css, so a
 * misspelt variant is a type error instead of a silently unstyled button.
 * Astro components, React islands and DOM modules all build their class
 * strings here (docs/decisions/ui-parts.md).
 */

/**
 * primary: the one main action; secondary: everyday actions; outline: a
 * second action in the brand colour; choice: one of a set (aria-pressed);
 * danger: deletes; quiet: no frame until hovered.
 */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'outline', 'choice', 'danger', 'quiet'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/** md: 44 px (the default); sm: smaller text, still 44 px; compact: 32 px, the top bar only; lg: the home search; icon: 44 px square. */
export const BUTTON_SIZES = ['md', 'sm', 'compact', 'lg', 'icon'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export interface ButtonLook {
  variant: ButtonVariant;
  size?: ButtonSize;
}

/*
 * Each variant's class, by name (Tailwind generates every one of them from
 * the @source line of src/styles/ui-parts.css, whatever the pages use).
 */
const BUTTON_VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  choice: 'btn-choice',
  danger: 'btn-danger',
  quiet: 'btn-quiet',
};
const BUTTON_SIZE_CLASSES: Record<ButtonSize, string> = { md: '', sm: 'btn-sm', compact: 'btn-compact', lg: 'btn-lg', icon: 'btn-icon' };

/** The classes of a button, or of a link that looks like one. */
export function buttonClass({ variant, size = 'md' }: ButtonLook): string {
  return ['btn', BUTTON_VARIANT_CLASSES[variant], BUTTON_SIZE_CLASSES[size]].filter(Boolean).join(' ');
}

/** default: underlined; quiet: underlined on hover (names and titles in lists); muted: grey; inherit: the colour of the notice around it. */
export const TEXT_LINK_TONES = ['default', 'quiet', 'muted', 'inherit'] as const;
export type TextLinkTone = (typeof TEXT_LINK_TONES)[number];

/** The classes of a text link, or of a <button> that reads as one. */
export function textLinkClass(tone: TextLinkTone = 'default'): string {
  return TEXT_LINK_CLASSES[tone];
}
const TEXT_LINK_CLASSES: Record<TextLinkTone, string> = {
  default: 'text-link',
  quiet: 'text-link-quiet',
  muted: 'text-link-muted',
  inherit: 'text-link-inherit',
};

/** neutral: plain facts (本人申告); success (確認済み); warning (確認中, 新しいアカウント); solid-*: calls for attention (今日, NG). */
export const BADGE_TONES = ['neutral', 'brand', 'success', 'warning', 'danger', 'solid-brand', 'solid-danger'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

/** The classes of a small labelled badge (its text says it; the colour only helps). */
export function badgeClass(tone: BadgeTone): string {
  return BADGE_CLASSES[tone];
}
const BADGE_CLASSES: Record<BadgeTone, string> = {
  neutral: 'badge badge-neutral',
  brand: 'badge badge-brand',
  success: 'badge badge-success',
  warning: 'badge badge-warning',
  danger: 'badge badge-danger',
  'solid-brand': 'badge badge-solid-brand',
  'solid-danger': 'badge badge-solid-danger',
};

export const NOTICE_TONES = ['error', 'success', 'info', 'warning'] as const;
export type NoticeTone = (typeof NOTICE_TONES)[number];

/** The classes of a tinted message box (in forms use FormAlert; the role is the caller's). */
export function noticeClass(tone: NoticeTone): string {
  return NOTICE_CLASSES[tone];
}
const NOTICE_CLASSES: Record<NoticeTone, string> = {
  error: 'notice notice-error',
  success: 'notice notice-success',
  info: 'notice notice-info',
  warning: 'notice notice-warning',
};

/** The parts used by their class name alone (`class="card"`), with no variant to choose. */
export const PLAIN_PARTS = [
  'card',
  'card-link',
  'card-list',
  'card-empty',
  'field-label',
  'field-hint',
  'field-error',
  'field-input',
  'chip',
  'tag-chip',
  'tag-chip-brand',
  'nav-link',
  'drawer-link',
] as const;

/** Every class name of the parts, for the test that each one is defined in ui-parts.css. */
export const UI_PART_CLASSES: readonly string[] = [
  ...new Set([
    ...BUTTON_VARIANTS.flatMap((variant) => BUTTON_SIZES.flatMap((size) => buttonClass({ variant, size }).split(' '))),
    ...TEXT_LINK_TONES.map(textLinkClass),
    ...BADGE_TONES.flatMap((tone) => badgeClass(tone).split(' ')),
    ...NOTICE_TONES.flatMap((tone) => noticeClass(tone).split(' ')),
    ...PLAIN_PARTS,
  ]),
];
