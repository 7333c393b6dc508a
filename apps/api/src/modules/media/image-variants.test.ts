import { describe, expect, it, vi } from 'vitest';
import { createSemaphore, MAX_CONCURRENT_IMAGES, MAX_INPUT_PIXELS } from './image-variants.js';

describe('image processing limits', () => {
  it('runs at most `size` tasks at once, the others in arrival order', async () => {
    const slots = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    // Each task holds its slot until the test lets it go, in the order they started.
    const holds: (() => void)[] = [];
    const task = (id: number) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => holds.push(resolve));
        order.push(id);
        running -= 1;
        if (id === 3) throw new Error('a failing image frees its slot too');
        return id;
      });
    const settled = Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
    for (let started = 1; started <= 6; started += 1) {
      await vi.waitFor(() => expect(holds.length).toBeGreaterThanOrEqual(started));
      expect(running).toBeLessThanOrEqual(2);
      holds[started - 1]!();
    }
    const results = await settled;
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps images small enough to decode and a couple at a time', () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    expect(MAX_CONCURRENT_IMAGES).toBe(2);
  });
});
