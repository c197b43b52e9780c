/** A small labelled badge (新しいアカウント, NG) on the shared classes of src/styles/ui-parts.css. */
import type { HTMLAttributes } from 'react';
import { badgeClass, type BadgeTone } from '../../lib/ui-parts';

export function Badge({ tone, className, ...span }: HTMLAttributes<HTMLSpanElement> & { tone: BadgeTone }) {
  return <span className={className ? `${badgeClass(tone)} ${className}` : badgeClass(tone)} {...span} />;
}
