import { nestsDeeperThan } from './body-depth.js';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { next: value } : [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays as levels, and leaves scalars alone', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
  });

  it('walks a very deep document without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(200_000), 32)).toBe(true);
  });
});
