import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { aLead } from '../../../features/leads/test-fixtures';
import { ScoreWhy } from './ScoreWhy';

describe('ScoreWhy', () => {
  it('shows Fit, Intent and the lines adding up to the score', () => {
    render(
      <ScoreWhy
        lead={aLead({
          fit: 60,
          intent: 28,
          score: 47,
          breakdown: [
            { label: 'Commented on your post 3 days ago', points: 11 },
            { label: "Title matches 'VP'", points: 36 },
          ],
        })}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByLabelText('Fit 60 of 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Intent 28 of 100')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Why this score' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      "Title matches 'VP'+36",
      'Commented on your post 3 days ago+11',
      'Score47',
    ]);
    expect(screen.queryByText(/being recalculated/)).not.toBeInTheDocument();
  });

  it('says so when a lead has nothing behind its score', () => {
    render(<ScoreWhy lead={aLead({ fit: 0, intent: 0, score: 0, breakdown: [] })} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByText(/Nothing in your ideal customer profile/)).toBeInTheDocument();
  });
});
