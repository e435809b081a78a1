import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_STAGES, type PipelineBoard } from '@leadpulse/common';
import { aLead, apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { PipelinePage } from './PipelinePage';
import { StageReasonDialog } from './StageReasonDialog';

const board: PipelineBoard = {
  columns: LEAD_STAGES.map((stage) => ({
    stage,
    count: stage === 'new' ? 60 : stage === 'won' ? 1 : 0,
    leads:
      stage === 'won'
        ? [aLead({ id: 'w', first_name: 'Wes', stage, stage_reason: 'Budget approved' })]
        : stage === 'new'
          ? [
              aLead({ id: 'a', first_name: 'Ada', stage, monitored: true }),
              aLead({ id: 'b', first_name: 'Bea', last_name: 'Moss', stage, position_in_stage: 1 }),
            ]
          : [],
  })),
};

describe('PipelinePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the six stages with their counts, the cards in order and the monitored lead marked', async () => {
    vi.stubGlobal('fetch', apiTable({ 'GET /leads/board': [200, board] }).fetch);
    renderWithApp(<PipelinePage />, '/dashboard/pipeline');
    const newColumn = await screen.findByRole('region', { name: 'New' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'New',
      'Contacted',
      'Conversation',
      'Meeting',
      'Won',
      'Lost',
    ]);
    expect(within(newColumn).getByLabelText('60 leads')).toBeInTheDocument();
    expect(within(newColumn).getByText('and 58 more')).toBeInTheDocument();
    const cards = within(newColumn).getAllByRole('button', { name: /^Move / });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Move Ada Lovelace',
      'Move Bea Moss',
    ]);
    expect(within(newColumn).getByText('Monitored')).toBeInTheDocument();
    expect(screen.getAllByText('Drop a lead here')).toHaveLength(4);
    expect(
      within(screen.getByRole('region', { name: 'Won' })).getByText('Won: Budget approved'),
    ).toBeInTheDocument();
  });

  it('shows the error with Try Again when the board cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      apiTable({
        'GET /leads/board': [500, { statusCode: 500, code: 'x', message: 'Boom' }],
      }).fetch,
    );
    renderWithApp(<PipelinePage />, '/dashboard/pipeline');
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});

describe('StageReasonDialog', () => {
  it('passes the reason, or null when left empty', async () => {
    const onConfirm = vi.fn();
    const { rerender } = renderWithApp(
      <StageReasonDialog
        move={{ name: 'Ada', stage: 'lost' }}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    await userEvent.type(screen.getByLabelText('Reason'), '  Chose a competitor ');
    await userEvent.click(screen.getByRole('button', { name: 'Mark lost' }));
    expect(onConfirm).toHaveBeenLastCalledWith('Chose a competitor');
    rerender(
      <StageReasonDialog
        move={{ name: 'Ada', stage: 'won' }}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark won' }));
    expect(onConfirm).toHaveBeenLastCalledWith(null);
  });
});
