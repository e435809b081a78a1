import { describe, expect, it } from 'vitest';
import { profileSlug, profileUrlOf } from './leads.js';

describe('profileSlug', () => {
  it('reads the slug of a profile URL, lower-case and decoded', () => {
    expect(profileSlug('https://www.linkedin.com/in/Ada-Lovelace-42/')).toBe('ada-lovelace-42');
    expect(profileSlug('http://linkedin.com/in/j%C3%BCrgen-m%C3%BCller?trk=x')).toBe(
      'jürgen-müller',
    );
    expect(profileSlug('https://de.linkedin.com/in/%E7%8E%8B%E4%BC%9F')).toBe('王伟');
    expect(profileSlug('www.linkedin.com/in/bad%zz')).toBe('bad%zz');
  });

  it('answers null for anything that is not a profile URL', () => {
    expect(profileSlug('')).toBeNull();
    expect(profileSlug(null)).toBeNull();
    expect(profileSlug('https://www.linkedin.com/company/acme')).toBeNull();
    expect(profileSlug('https://evil.example/linkedin.com.in/x')).toBeNull();
  });

  it('builds back a URL that reads as the same slug', () => {
    expect(profileSlug(profileUrlOf('jürgen-müller'))).toBe('jürgen-müller');
  });
});
