import { createElement, render } from 'preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { Activity } from './react-on-preact';

/** A counter whose state tells whether it was kept or mounted again. */
function Counter() {
  const [count, setCount] = useState(0);
  return createElement(
    'button',
    { type: 'button', onClick: () => setCount(count + 1) },
    `${count}`,
  );
}

const host = document.createElement('div');
document.body.append(host);
const show = (mode: 'visible' | 'hidden') =>
  act(() => render(createElement(Activity, { mode }, createElement(Counter, null)), host));

afterEach(() => act(() => render(null, host)));

describe('Activity on Preact (the production build)', () => {
  it('lays its children out as if it were not there while visible', async () => {
    await show('visible');
    const wrapper = host.firstElementChild as HTMLElement;
    expect(wrapper.style.display).toBe('contents');
    expect(wrapper.querySelector('button')).not.toBeNull();
  });

  it('hides its children while hidden and keeps their state', async () => {
    await show('visible');
    await act(() => host.querySelector('button')!.click());
    expect(host.querySelector('button')!.textContent).toBe('1');

    await show('hidden');
    expect((host.firstElementChild as HTMLElement).style.display).toBe('none');
    expect(host.querySelector('button')!.textContent).toBe('1');

    await show('visible');
    expect((host.firstElementChild as HTMLElement).style.display).toBe('contents');
    expect(host.querySelector('button')!.textContent).toBe('1');
  });

  it('is visible when no mode is given, as React', async () => {
    await act(() => render(createElement(Activity, null, 'text'), host));
    expect((host.firstElementChild as HTMLElement).style.display).toBe('contents');
    expect(host.textContent).toBe('text');
  });
});
