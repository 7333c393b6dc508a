import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFirstPaintSignal } from './first-paint';

describe('first paint', () => {
  it('is false in the first render, then true once a frame has passed, for good', async () => {
    // A signal of its own: other files of this worker have painted the app's already.
    const { afterFirstPaint, useFirstPaintDone } = createFirstPaintSignal();
    function PaintState() {
      return <p>{useFirstPaintDone() ? 'painted' : 'not yet'}</p>;
    }
    render(<PaintState />);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    await act(() => afterFirstPaint());
    expect(screen.getByText('painted')).toBeInTheDocument();
    // A component mounted later knows at once.
    render(<PaintState />);
    expect(screen.getAllByText('painted')).toHaveLength(2);
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });
});
