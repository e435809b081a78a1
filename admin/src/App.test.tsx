import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { forgetIdentity } from './providers/authProvider';
import { OWNER, SESSION, SESSION_KEY, stubApi } from './test-utils';

describe('the admin app', () => {
  beforeEach(() => {
    window.localStorage.clear();
    forgetIdentity();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a sign-in titled Admin, and shows the server message on failure', async () => {
    stubApi({
      'POST /api/auth/login': [
        400,
        {
          statusCode: 400,
          code: 'invalid_credentials',
          message: 'Invalid email or password. Please check your credentials and try again.',
        },
      ],
    });
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Admin' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the admin portal')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText(
        'Invalid email or password. Please check your credentials and try again.',
      ),
    ).toBeInTheDocument();
  }, 15_000);

  it('shows Access Denied to a signed-in member who is not an administrator', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    stubApi({
      'GET /api/admin/identity': [403, { statusCode: 403, code: 'forbidden', message: 'no' }],
    });
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Access Denied' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("You don't have permission to access the admin portal."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  }, 15_000);

  it('welcomes an administrator by name, with the dashboard and the Health entry', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    const fetch = stubApi({ 'GET /api/admin/identity': [200, OWNER] });
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(
      await screen.findByText('Welcome Ada Lovelace', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Health' })).toHaveAttribute(
      'href',
      '/admin/health',
    );
    const identityCall = fetch.mock.calls.find(([input]) =>
      String(input).includes('/api/admin/identity'),
    )!;
    expect(new Headers((identityCall[1] as RequestInit).headers).get('authorization')).toBe(
      'Bearer access',
    );
  }, 15_000);

  it('asks GET /api/admin/identity once per page load', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    const fetch = stubApi({
      'GET /api/admin/identity': [200, OWNER],
      'GET /api/admin/users': [200, []],
    });
    window.history.pushState({}, '', '/admin/users');
    render(<App />);
    expect(
      await screen.findByText('Welcome Ada Lovelace', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    // The page's own list asked for after the identity: the page load is done.
    await waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => String(input).includes('/api/admin/users'))).toBe(
        true,
      ),
    );
    expect(
      fetch.mock.calls.filter(([input]) => String(input).includes('/api/admin/identity')),
    ).toHaveLength(1);
  }, 15_000);

  it("shows the product's 404 for an unknown route inside /admin, and logs it", async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    const fetch = stubApi({
      'GET /api/admin/identity': [200, OWNER],
      'POST /api/logs': [201, {}],
    });
    window.history.pushState({}, '', '/admin/no-such-screen');
    render(<App />);
    expect(
      await screen.findByText('Oops! Page not found', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/bad link/i)).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) =>
            String(input).includes('/api/logs') &&
            String((init as RequestInit).body).includes('/admin/no-such-screen'),
        ),
      ).toBe(true),
    );
  }, 15_000);

  it('shows the red list error and the spec toast when the users cannot be read', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    stubApi({
      'GET /api/admin/identity': [200, OWNER],
      'GET /api/admin/users': [500, { statusCode: 500, code: 'internal', message: 'boom' }],
    });
    window.history.pushState({}, '', '/admin/users');
    render(<App />);
    expect(
      await screen.findByText('Error loading users. Please try again', undefined, {
        timeout: 8000,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  }, 15_000);

  it('shows the dashboard cards from the stats, revenue in dollars', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    stubApi({
      'GET /api/admin/identity': [200, OWNER],
      'GET /api/admin/stats': [
        200,
        {
          total_users: 1234,
          active_subscriptions: 56,
          total_revenue_cents: 420_000,
          newsletter_subscribers: 78,
          founding_members: 9,
          recent_signups_7d: 10,
          active_promos: 3,
        },
      ],
      'GET /api/admin/admin-actions': [
        200,
        [
          {
            id: 'a1',
            created_at: '2026-11-22T10:00:00.000Z',
            description: 'Updated company',
            admin_name: 'Ada Lovelace',
            target_email: 'grace@example.com',
          },
        ],
      ],
    });
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(await screen.findByText('1,234', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('Updated company for grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('$4,200')).toBeInTheDocument();
    expect(screen.getByText('Recent Signups (7d)')).toBeInTheDocument();
    // The card counts founding plans still running; the Users filter of that name counts more.
    expect(screen.getByText('In their founding period')).toBeInTheDocument();
    expect(screen.getByText('Early Adopter: 25% off')).toBeInTheDocument();
  }, 15_000);

  it('says so when the dashboard cannot load', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    stubApi({
      'GET /api/admin/identity': [200, OWNER],
      'GET /api/admin/stats': [500, { statusCode: 500, code: 'internal', message: 'boom' }],
    });
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(
      await screen.findByText('Error loading dashboard data. Please try again.', undefined, {
        timeout: 8000,
      }),
    ).toBeInTheDocument();
  }, 15_000);

  it('shows the server health at /admin/health: summary, checks, samples and system info', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
    const sample = {
      at: '2026-11-22T10:00:00.000Z',
      heap_used_mb: 81.5,
      rss_mb: 190.2,
      cpu_percent: 3.4,
      event_loop_lag_p99_ms: 11.2,
      requests: 42,
      server_errors: 0,
      avg_response_ms: 4.1,
      db_response_ms: 0.9,
    };
    const report = {
      status: 'degraded',
      checks: {
        database: { status: 'healthy' },
        stripe: {
          status: 'degraded',
          responseTime: 3001,
          message: 'Stripe did not answer in time',
        },
      },
      check_count: 2,
      uptime_seconds: 7_500,
      error_count: 3,
      errors: { client_reports_24h: 2, failed_jobs_24h: 1 },
      samples: Array.from({ length: 12 }, (_, i) => ({
        ...sample,
        at: new Date(Date.parse(sample.at) + i * 60_000).toISOString(),
      })),
      system: {
        instance: 'app-2:41',
        version: '1.0.0',
        node_version: 'v20.20.2',
        platform: 'linux x64',
        database: 'PostgreSQL',
        database_version: '15.19',
        environment: 'production',
        uptime_seconds: 7_500,
        started_at: '2026-11-22T08:00:00.000Z',
      },
      timestamp: '2026-11-22T10:12:00.000Z',
    };
    stubApi({
      'GET /api/admin/identity': [200, OWNER],
      'GET /api/admin/health': [200, report],
      'GET /api/admin/error-reports': [200, []],
    });
    window.history.pushState({}, '', '/admin/health');
    render(<App />);
    expect(await screen.findByText('2h 5m', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByText('Degraded')).toHaveLength(2); // overall, and Stripe's check
    expect(screen.queryByText('degraded')).not.toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Stripe' })).toBeInTheDocument();
    expect(screen.getByText(/Stripe did not answer in time/)).toBeInTheDocument();
    expect(screen.getByText('No error reports from browsers.')).toBeInTheDocument();
    expect(screen.getByText(/^Instance app-2:41: /)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Performance Metrics' }));
    expect(screen.getByText('Last 10 samples')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Recent samples' })).getAllByRole('row'),
    ).toHaveLength(11);

    await user.click(screen.getByRole('tab', { name: 'System Info' }));
    expect(screen.getByRole('cell', { name: 'app-2:41' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1.0.0' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'v20.20.2' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'PostgreSQL 15.19' })).toBeInTheDocument();
  }, 15_000);
});
