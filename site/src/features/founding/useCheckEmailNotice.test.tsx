import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { CHECK_EMAIL_NOTICE, useCheckEmailNotice } from './useCheckEmailNotice';

function Landing() {
  useCheckEmailNotice();
  return <p>Landing</p>;
}

describe('useCheckEmailNotice', () => {
  it('asks the buyer to read the e-mail the checkout sent them', async () => {
    renderWithApp(<Landing />, '/?founding=check-email');
    expect(await screen.findByText(CHECK_EMAIL_NOTICE)).toBeInTheDocument();
  });

  it('says nothing on a plain visit', async () => {
    renderWithApp(<Landing />, '/');
    expect(await screen.findByText('Landing')).toBeInTheDocument();
    expect(screen.queryByText(CHECK_EMAIL_NOTICE)).not.toBeInTheDocument();
  });
});
