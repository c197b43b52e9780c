import type { ShiftFields } from '../../lib/shifts/shift';

/** The open shift form: the shift's id when editing ('' when adding) and its fields. */
export interface ShiftDraft extends ShiftFields {
  id: string;
}
