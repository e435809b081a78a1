import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';

describe('the admin app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the dashboard at /admin', async () => {
    window.history.pushState({}, '', '/admin');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it('shows the server health at /admin/health, even when the server answers 503', async () => {
    const report = {
      status: 'unhealthy',
      checks: { database: { status: 'unhealthy' } },
      version: '1.0.0',
      uptime_seconds: 120,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify(report), { status: 503 })),
    );
    window.history.pushState({}, '', '/admin/health');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'System Health' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Version 1.0.0 · up 2 min · 1 checks')).toBeInTheDocument();
    expect(screen.getAllByText('unhealthy')).toHaveLength(2);
  }, 15_000);
});
