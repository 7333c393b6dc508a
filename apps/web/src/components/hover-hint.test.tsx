import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../app/test-utils';
import { HoverHint } from './hover-hint';

afterEach(cleanup);

function renderHint() {
  renderWithProviders(
    <HoverHint label="Add to favourites">
      <button type="button" aria-label="Add to favourites">
        ♥
      </button>
    </HoverHint>,
  );
  const button = screen.getByRole('button', { name: 'Add to favourites' });
  const hint = button.closest('.hover-hint')!;
  return { button, hint, label: hint.querySelector('.hover-hint-label')! };
}

describe('HoverHint', () => {
  it('shows the label next to the control without adding to its name', () => {
    const { button, label } = renderHint();
    expect(label).toHaveTextContent('Add to favourites');
    expect(label).toHaveAttribute('aria-hidden', 'true');
    // The button is named once, by its own label, not by the hint as well.
    expect(button).toHaveAccessibleName('Add to favourites');
  });

  it('is dismissed with Escape until the focus leaves (WCAG 1.4.13)', async () => {
    const { button, hint } = renderHint();
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(hint).not.toHaveAttribute('data-dismissed');
    await userEvent.keyboard('{Escape}');
    expect(hint).toHaveAttribute('data-dismissed');
    await userEvent.tab();
    expect(hint).not.toHaveAttribute('data-dismissed');
  });
});
