import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

describe('the legal pages', () => {
  it('say what happens to the leads a member brings', () => {
    renderWithApp(<PrivacyPage />, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const text of [
      /LinkedIn data export/,
      /Administrators of LeadPulse never see them/,
      /Stripe/,
      /SendGrid/,
      /erases your\s+profile and your workspace with all its leads/,
    ])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Terms of Service' })[0]).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  it('state the founding offer and how to cancel', () => {
    renderWithApp(<TermsPage />, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(/\$50 for the first 3 months/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
