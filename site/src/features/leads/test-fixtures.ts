import type { Lead, LeadImport } from '@leadpulse/common';

/** A lead as the API answers it. */
export const aLead = (fields: Partial<Lead> = {}): Lead => ({
  id: 'l1',
  profile_url: 'https://www.linkedin.com/in/ada-lovelace',
  profile_slug: 'ada-lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  position: 'CTO',
  company: 'Analytical Engines',
  location: 'London',
  email: null,
  headline: null,
  source: 'linkedin_export',
  stage: null,
  position_in_stage: 0,
  monitored: false,
  snoozed_until: null,
  fit: 0,
  intent: 10,
  score: 4,
  breakdown: [],
  last_signal_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...fields,
});

export const anImport = (fields: Partial<LeadImport> = {}): LeadImport => ({
  id: 'i1',
  status: 'done',
  progress: 100,
  file_name: 'contacts.csv',
  kind: 'csv',
  error_code: null,
  counts: {},
  created_at: '2026-11-27T10:00:00.000Z',
  finished_at: '2026-11-27T10:00:05.000Z',
  ...fields,
});

type Answer = [number, unknown?] | ((url: URL, init?: RequestInit) => [number, unknown?]);

/**
 * A fetch answering `METHOD /path` (query left out) from a table; each call is recorded with its
 * full URL and body, so a test can read what was asked.
 */
export function apiTable(routes: Record<string, Answer>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
    const [status, body] =
      typeof route === 'function'
        ? route(url, init)
        : (route ?? [404, { statusCode: 404, code: 'not_found', message: 'Not found.' }]);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { fetch, calls };
}
