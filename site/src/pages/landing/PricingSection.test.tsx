import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { PricingSection } from './PricingSection';

describe('PricingSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the offer and the spots left', async () => {
    stubApi({ 'GET /founding/availability': [200, { total: 40, taken: 12, remaining: 28 }] });
    renderWithApp(<PricingSection />);
    expect(await screen.findByText('28 of 40 spots left')).toBeInTheDocument();
    expect(screen.getByText('$50')).toBeInTheDocument();
    expect(screen.getByText('$199')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim Your Founding Spot' })).toBeEnabled();
  });

  it('says sold out when no spot remains', async () => {
    stubApi({ 'GET /founding/availability': [200, { total: 40, taken: 40, remaining: 0 }] });
    renderWithApp(<PricingSection />);
    expect(await screen.findAllByText('Sold out')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });
});
