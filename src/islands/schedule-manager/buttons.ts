/**
 * The old button class names, kept only for src/islands/blog-editor/ui.ts,
 * which another branch is changing: once it uses src/islands/ui/Button.tsx,
 * delete this file (tests/unit/ui-parts.test.ts allows no other importer).
 */
import { buttonClass } from '../../lib/ui-parts';

export const primaryButton = buttonClass({ variant: 'primary' });
export const secondaryButton = buttonClass({ variant: 'secondary' });
export const dangerButton = buttonClass({ variant: 'danger' });
export const choiceButton = buttonClass({ variant: 'choice' });
