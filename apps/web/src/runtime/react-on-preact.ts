/**
 * `react` in the production build: Preact's compatibility layer (about 10 KB gzip where
 * react-dom costs about 60), plus the one React 19.2 API it lacks. Development and the unit
 * tests run on React itself; the browser journeys (E2E) run on this build. See ADR 023.
 */
import { createElement, type ComponentChildren } from 'preact';

// @ts-expect-error -- preact/compat's types are an `export =` namespace; its module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's `<Activity mode="hidden">` keeps a subtree's state while hiding it. Mantine renders it
 * for content kept mounted (Tabs, Collapse, Transition, Stepper with `keepMounted`). Here the
 * subtree stays mounted inside one wrapper whose box disappears: `display: contents` while visible
 * (the children lay out as if the wrapper were not there), `display: none` while hidden. Unlike
 * React, the hidden subtree's effects keep running.
 */
export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' } },
    children,
  );
}
