import { describe, expect, it, vi } from 'vitest';
import {
  createImageQueue,
  createSemaphore,
  ImageQueueFullError,
  keepsAnimation,
  MAX_CONCURRENT_IMAGES,
  MAX_IMAGES_PER_USER,
  MAX_INPUT_PIXELS,
} from './image-variants.js';

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

  it('keeps images small enough to decode, one at a time, two per user', () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    expect(MAX_CONCURRENT_IMAGES).toBe(1);
    expect(MAX_IMAGES_PER_USER).toBe(2);
  });

  it('refuses a user’s image beyond their share of the queue at once, and serves the others', async () => {
    const queue = createImageQueue({ size: 1, perUser: 2, maxWaiting: 3 });
    const gates: (() => void)[] = [];
    const task = (id: string) => () =>
      new Promise<string>((resolve) => gates.push(() => resolve(id)));
    const first = queue.run(1, task('a1'));
    const second = queue.run(1, task('a2'));
    // The flooding user's third image is refused before it is read or waits: the route asks
    // first (isFull), before reading the body.
    expect(queue.isFull(1)).toBe(true);
    expect(queue.isFull(2)).toBe(false);
    await expect(queue.run(1, task('a3'))).rejects.toBeInstanceOf(ImageQueueFullError);
    const other = queue.run(2, task('b1'));
    expect(queue.load()).toEqual({ running: 1, waiting: 2, users: 2 });
    // The whole process's queue is bounded too: size 1 + 3 waiting.
    const third = queue.run(3, task('c1'));
    await expect(queue.run(4, task('d1'))).rejects.toBeInstanceOf(ImageQueueFullError);
    for (let done = 0; done < 4; done += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()!();
    }
    expect(await Promise.all([first, second, other, third])).toEqual(['a1', 'a2', 'b1', 'c1']);
    // Once served, the user may send again.
    const again = queue.run(1, task('a4'));
    await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
    expect(await again).toBe('a4');
    expect(queue.load()).toEqual({ running: 0, waiting: 0, users: 0 });
  });

  it('keeps an animation only within the frames budget, read from the header', () => {
    expect(keepsAnimation('gif', { width: 200, height: 8000, pageHeight: 200, pages: 40 })).toBe(
      true,
    );
    // 200 frames of 480 × 360 (the 1.4 MB GIF that took 10 s): first frame only.
    expect(keepsAnimation('gif', { width: 480, height: 72000, pageHeight: 360, pages: 200 })).toBe(
      false,
    );
    expect(keepsAnimation('gif', { width: 10, height: 1010, pageHeight: 10, pages: 101 })).toBe(
      false,
    );
    expect(keepsAnimation('webp', { width: 100, height: 100, pages: 1 })).toBe(false);
    expect(keepsAnimation('png', { width: 100, height: 1000, pageHeight: 100, pages: 10 })).toBe(
      false,
    );
  });
});
