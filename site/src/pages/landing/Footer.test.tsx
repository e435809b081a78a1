import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links only to what exists: the offer, the legal pages and the support address', () => {
    stubApi({});
    renderWithApp(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Pricing', '#pricing'],
      ['Join the Waitlist', '#waitlist'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Contact us', `mailto:support@${window.location.hostname}`],
    ]);
    expect(footer.querySelector('a[href="#"], a[href=""]')).toBeNull();
  });
});
