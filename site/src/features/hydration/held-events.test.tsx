import { useState } from 'react';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEventsUntilHydrated } from './held-events';

function Page({ onJoin, onMenu }: { onJoin(email: string): void; onMenu(): void }) {
  const [email, setEmail] = useState('');
  return (
    <>
      <header>
        <button onClick={onMenu}>Menu</button>
      </header>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onJoin(email);
        }}
      >
        <input
          aria-label="Email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit">
          <span>Join</span>
        </button>
      </form>
    </>
  );
}

/** The page as the build renders it, before any script has taken it over. */
function prerendered() {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page onJoin={() => undefined} onMenu={() => undefined} />);
  document.body.append(root);
  return root;
}

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('events held until the sections have hydrated', () => {
  afterEach(() => document.body.replaceChildren());

  it('gives the form what was typed and the click made before it hydrated', async () => {
    const root = prerendered();
    const hydrated = holdEventsUntilHydrated(root, ['form', 'footer'], 'header');
    type(root.querySelector('input')!, 'ada@example.com');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('span')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);

    const onJoin = vi.fn();
    await act(
      async () => void hydrateRoot(root, <Page onJoin={onJoin} onMenu={() => undefined} />),
    );
    hydrated('form');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onJoin).not.toHaveBeenCalled();

    hydrated('footer');
    await waitFor(() => expect(onJoin).toHaveBeenCalledWith('ada@example.com'));
    expect(onJoin).toHaveBeenCalledTimes(1);
    expect(root.querySelector('input')).toHaveValue('ada@example.com');
  });

  it('keeps a form from sending itself as a page load before it has hydrated', () => {
    const root = prerendered();
    holdEventsUntilHydrated(root, ['form'], 'header');
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('lets through what happens in the part hydrated first, and all once all are', async () => {
    const root = prerendered();
    const hydrated = holdEventsUntilHydrated(root, ['form'], 'header');
    const onMenu = vi.fn();
    const onJoin = vi.fn();
    await act(async () => void hydrateRoot(root, <Page onJoin={onJoin} onMenu={onMenu} />));
    root.querySelector('header button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onMenu).toHaveBeenCalledTimes(1);

    hydrated('form');
    root.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(onJoin).toHaveBeenCalledWith(''));
  });
});
