/**
 * The area picker: the vocabulary (src/lib/areas.ts) grouped by prefecture,
 * その他 last. A value outside it (a profile or draft from before the
 * vocabulary) shows as not chosen, with a prompt to choose.
 */
import type { ReactNode } from 'react';
import { areaProblem, isArea, OTHER_AREA, PREFECTURES } from '../../lib/areas';
import { SelectField, type SelectChoice } from './SelectField';

const AREA_CHOICES: readonly SelectChoice[] = [...PREFECTURES.map(({ name, areas }) => ({ label: name, options: areas })), OTHER_AREA];

interface Props {
  value: string;
  onChange(area: string): void;
  /** The form field's name (the first-error focus finds it by name); none for a filter. */
  name?: string;
  label?: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
}

export function AreaField({ value, onChange, name, label = 'エリア', required = false, error, hint }: Props) {
  const chosen = isArea(value) ? value : '';
  // A stored value outside the list asks to be chosen again before any save.
  const prompt = value !== '' && chosen === '' ? areaProblem(value) : undefined;
  return (
    <SelectField
      name={name}
      label={label}
      required={required}
      placeholder="選んでください"
      options={AREA_CHOICES}
      value={chosen}
      onChange={(event) => onChange(event.target.value)}
      error={error ?? prompt}
      hint={hint}
    />
  );
}
