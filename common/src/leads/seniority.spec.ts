import { describe, expect, it } from 'vitest';
import { matchesWords, normalizeWords, seniorityOf } from './seniority.js';

describe('seniorityOf', () => {
  it.each([
    ['Co-Founder & CEO', 'founder'],
    ['Owner, Bakery Lune', 'founder'],
    ['Fondatrice', 'founder'],
    ['Chief Revenue Officer', 'c-level'],
    ['CTO', 'c-level'],
    ['Président', 'c-level'],
    ['Directrice Générale', 'c-level'],
    ['Vice President, Sales', 'vp'],
    ['Vice-President Marketing', 'vp'],
    ['SVP Marketing', 'vp'],
    ['VP of Sales', 'vp'],
    ['Head of Growth', 'head'],
    ['Director of Engineering', 'director'],
    ['DIRECTEUR commercial', 'director'],
    ['Engineering Manager', 'manager'],
    ['Senior Software Engineer', 'senior'],
    ['Sr. Designer', 'senior'],
    ['Software Engineer', 'other'],
    ['Headhunter', 'other'],
    ['', 'other'],
    [null, 'other'],
  ])('%s is %s', (title, level) => {
    expect(seniorityOf(title)).toBe(level);
  });
});

describe('matchesWords', () => {
  it('matches whole words, whatever the case and accents', () => {
    expect(normalizeWords('  Étudiante — Master’s 2ᵉ ')).toBe('etudiante master s 2e');
    expect(matchesWords('Étudiant en master', 'etudiant')).toBe(true);
    expect(matchesWords('VP Sales, ACME', 'vp sales')).toBe(true);
    expect(matchesWords('Vps of things', 'vp')).toBe(false);
    expect(matchesWords('Paris, Île-de-France', 'ile de france')).toBe(true);
    expect(matchesWords('東京 営業部長', '東京')).toBe(true);
    expect(matchesWords(null, 'x')).toBe(false);
    expect(matchesWords('anything', '  ')).toBe(false);
  });
});
