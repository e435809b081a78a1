import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultIcp, type Icp, type IcpAnswer, type IcpPreview } from '@leadpulse/common';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { IcpPage } from './IcpPage';

const answer = (rescoring: IcpAnswer['rescoring']['status'] = 'idle'): IcpAnswer => ({
  ...defaultIcp(),
  is_default: true,
  rescoring: {
    status: rescoring,
    progress: rescoring === 'running' ? 40 : 0,
    started_at: null,
    finished_at: null,
  },
});

const previewOf = (icp: Icp): IcpPreview => ({
  strong: icp.criteria.length * 3,
  total: 20,
  top: [
    {
      id: 'l1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      position: 'CTO',
      company: 'Engines',
      fit: 100,
      intent: 20,
      score: 68,
      current_score: 60,
    },
  ],
});

describe('IcpPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews the edited profile once typing stops, and saves it', async () => {
    const api = apiTable({
      'GET /icp': [200, answer()],
      'POST /icp/preview': (_url, init) => [200, previewOf(JSON.parse(String(init?.body)) as Icp)],
      'PUT /icp': (_url, init) => [
        200,
        {
          ...(JSON.parse(String(init?.body)) as Icp),
          is_default: false,
          rescoring: {
            status: 'queued',
            progress: 0,
            started_at: '2026-11-28T10:00:00.000Z',
            finished_at: null,
          },
        },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<IcpPage />, '/dashboard/icp');
    expect(
      await screen.findByText('3 of 20 leads would score 70 or more', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('+8 from now')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a criterion' }));
    expect(
      await screen.findByText('Fix the fields marked in red to see the preview.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title values'), 'VP{Enter}');
    // The preview is asked once typing has stopped for 400 ms.
    expect(
      await screen.findByText('6 of 20 leads would score 70 or more', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const previews = api.calls.filter((c) => c.method === 'POST');
    expect((previews.at(-1)?.body as Icp).criteria).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Save and rescore' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Rescoring your leads… 0%')).toBeInTheDocument();
  });

  it('asks to fix a bad field instead of previewing it', async () => {
    const api = apiTable({
      'GET /icp': [200, answer()],
      'POST /icp/preview': () => [200, previewOf(defaultIcp())],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<IcpPage />, '/dashboard/icp');
    const halfLife = await screen.findByLabelText('Half-life in days');
    await userEvent.clear(halfLife);
    await userEvent.type(halfLife, '999');
    expect(
      await screen.findByText('Fix the fields marked in red to see the preview.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and rescore' })).toBeDisabled();
  });
});
