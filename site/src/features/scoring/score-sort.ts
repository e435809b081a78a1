import type { LeadSort } from '@leadpulse/common';

/** The sort a click on the Score heading asks for: highest first, then lowest, then highest. */
export function nextScoreSort(current: string): LeadSort {
  return current === '-score' ? 'score' : '-score';
}
