import type { ReactNode } from 'react';
import { noticeClass } from '../../lib/ui-parts';

/** A form-level message (the `notice` part): errors are role="alert", the rest role="status". */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={noticeClass(kind)}>
      {children}
    </div>
  );
}
