import type { CommentAngle } from '@leadpulse/common';

/** Each draft's angle, as the screen names it. */
export const ANGLE_LABELS: Record<CommentAngle, string> = {
  question: 'Question',
  insight: 'Insight',
  example: 'Example',
  congratulate: 'Congratulations',
  support: 'Support',
  resource: 'Resource',
};
