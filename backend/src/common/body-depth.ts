/**
 * How deeply a JSON request body may nest. No form of the API goes past a handful of levels;
 * deeper documents only serve to exhaust the stack of the validators that walk them.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether `value` nests arrays or objects deeper than `limit` (walked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
