import { describe, expect, it } from 'vitest';
import { createSemaphore, MAX_CONCURRENT_IMAGES, MAX_INPUT_PIXELS } from './image-variants.js';

describe('image processing limits', () => {
  it('runs at most `size` tasks at once, the others in arrival order', async () => {
    const slots = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(id);
        running -= 1;
        if (id === 3) throw new Error('a failing image frees its slot too');
        return id;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
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
