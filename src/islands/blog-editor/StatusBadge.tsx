/** A blog's status as a badge: the text says it, the tone only helps. */
import { BLOG_STATUS_LABELS, type BlogStatus } from '../../lib/blogs/blog';
import type { BadgeTone } from '../../lib/ui-parts';
import { Badge } from '../ui/Badge';

const TONE: Record<BlogStatus, BadgeTone> = { draft: 'neutral', scheduled: 'warning', published: 'success', hidden: 'danger' };

export function StatusBadge({ status, ...rest }: { status: BlogStatus; 'data-testid'?: string }) {
  return (
    <Badge tone={TONE[status]} {...rest}>
      {BLOG_STATUS_LABELS[status]}
    </Badge>
  );
}
