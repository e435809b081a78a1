import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { LeadNewsPanel } from './LeadNewsPanel';

const lead = {
  id: 'lead-1',
  first_name: 'Grace',
  last_name: 'Hopper',
  position: 'VP Engineering',
  company: 'Navy',
};

describe('LeadNewsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each monitored lead that changed jobs or wrote, linking to the lead', async () => {
    stubApi({
      'GET /leads/news': [
        200,
        {
          since: '2026-11-27T10:00:00.000Z',
          data: [
            {
              id: 's1',
              kind: 'job_change',
              occurred_at: '2026-11-28T09:00:00.000Z',
              learned_at: '2026-11-28T09:00:00.000Z',
              lead,
            },
            {
              id: 's2',
              kind: 'message_received',
              occurred_at: '2026-11-28T08:00:00.000Z',
              learned_at: '2026-11-28T08:00:00.000Z',
              lead: {
                ...lead,
                id: 'lead-2',
                first_name: 'Alan',
                last_name: 'Turing',
                position: null,
                company: null,
              },
            },
          ],
        },
      ],
    });
    renderWithApp(<LeadNewsPanel />);
    const list = await screen.findByRole('list', { name: 'News on monitored leads' });
    expect(list).toHaveTextContent('Grace Hopper changed jobs');
    expect(list).toHaveTextContent('VP Engineering at Navy');
    expect(list).toHaveTextContent('Alan Turing sent you a message');
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/dashboard/leads/lead-1',
    );
  });

  it('says when there is no news, and offers to load it again after an error', async () => {
    stubApi({ 'GET /leads/news': [200, { since: null, data: [] }] });
    renderWithApp(<LeadNewsPanel />);
    expect(
      await screen.findByText(/No job changes or messages on your monitored leads/),
    ).toBeVisible();
    vi.unstubAllGlobals();
    stubApi({ 'GET /leads/news': [500, { statusCode: 500, code: 'internal', message: 'x' }] });
    renderWithApp(<LeadNewsPanel />);
    expect(await screen.findByRole('button', { name: 'Load news again' })).toBeVisible();
  });
});
