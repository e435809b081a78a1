import { useEffect } from 'react';
import { useSiteLocation } from '../../features/navigation/navigation';
import { PricingSection } from './PricingSection';
import { WaitlistSection } from './WaitlistSection';

export { Footer } from './Footer';

/**
 * The offer and the waitlist; a link to either (`/#pricing`, e.g. a failed checkout's Try Again)
 * lands on it.
 */
export function OfferAndWaitlist() {
  useScrollToHash();
  return (
    <>
      <PricingSection />
      <WaitlistSection />
    </>
  );
}

/** Runs here, with the sections it scrolls to, so that it waits for their code to arrive. */
function useScrollToHash() {
  const { hash } = useSiteLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
