const CLICKABLE = 'a, button, input, label, select, textarea, summary, [role="button"]';

/**
 * The landing page paints from the build's HTML; its sections hydrate as their code arrives, a
 * moment later. Until a section has, React can do nothing there: a click would be lost, a form
 * would send itself to the server as a page load, and what is typed would not reach the form's
 * state. So, until every section has hydrated, what happens outside the `except` element (the top
 * bar, hydrated first) is held: what was typed, and the last click or form submission, which are
 * done again once the sections are ready.
 */
export function holdEventsUntilHydrated(root: HTMLElement, sections: string[], except: string) {
  const waiting = new Set(sections);
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  let last: { click: HTMLElement } | { submit: HTMLFormElement } | undefined;

  const held = (event: Event) =>
    waiting.size > 0 && event.target instanceof Element && !event.target.closest(except);
  const hold = (event: Event) => {
    if (!held(event)) return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.target as HTMLElement;
    last =
      event.type === 'submit'
        ? { submit: target as HTMLFormElement }
        : { click: target.closest<HTMLElement>(CLICKABLE) ?? target };
  };
  const remember = (event: Event) => {
    const input = event.target;
    if (held(event) && (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement))
      typed.set(input, input.value);
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);
  root.addEventListener('input', remember, true);

  /** A section's hydration is done (its first effect): when all are, the held events follow. */
  return function hydrated(section: string) {
    if (!waiting.delete(section) || waiting.size > 0) return;
    root.removeEventListener('click', hold, true);
    root.removeEventListener('submit', hold, true);
    root.removeEventListener('input', remember, true);
    typed.forEach((value, input) => retype(input, value));
    // After React has rendered what was typed, which it does once this task is over.
    setTimeout(() => {
      if (last && 'submit' in last) last.submit.requestSubmit();
      else last?.click.click();
    });
  };
}

/**
 * Has React take in a value typed before it was there (which it may have emptied since, as the
 * form's state has none). React reports a change when an input's value differs from the one it
 * last saw, so that one is emptied and the typed one set past it, through the prototype's setter,
 * as testing libraries do.
 */
function retype(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  if (!input.isConnected) return;
  const prototype = Object.getPrototypeOf(input) as HTMLInputElement | HTMLTextAreaElement;
  input.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
