import { useSyncExternalStore } from 'react';

/** Whether the page has scrolled past `threshold` pixels (for the landing page's cosmetic fades). */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('scroll', notify, { passive: true });
      return () => window.removeEventListener('scroll', notify);
    },
    () => window.scrollY > threshold,
    () => false,
  );
}
