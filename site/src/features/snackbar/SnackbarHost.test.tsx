import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSnackbar } from './snackbar';
import { SnackbarHost } from './SnackbarHost';

function Buttons() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <>
      <button
        onClick={() => {
          enqueueSnackbar('First.', { variant: 'success' });
          enqueueSnackbar('Second.', { variant: 'error' });
        }}
      >
        Two
      </button>
      <button onClick={() => enqueueSnackbar('Third.')}>One</button>
    </>
  );
}

describe('SnackbarHost', () => {
  it('shows nothing until a message comes, then each message once, in order', async () => {
    render(
      <SnackbarHost>
        <Buttons />
      </SnackbarHost>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Two' }));
    // The first message loads notistack and its themed content on demand: cold, that takes a while.
    expect(await screen.findByText('First.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Second.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'One' }));
    expect(await screen.findByText('Third.')).toBeInTheDocument();
    expect(screen.getAllByText('First.')).toHaveLength(1);
    expect(
      screen.getAllByText(/^(First|Second|Third)\.$/).map((message) => message.textContent),
    ).toEqual(['First.', 'Second.', 'Third.']);
  });
});
