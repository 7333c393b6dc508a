import type { ClickInsert } from './tracked-links.repository.js';

/** Written at the latest this long after the visit. */
const FLUSH_AFTER_MS = 200;
/** Written at once when this many wait. */
const MAX_BATCH = 500;
/** People remembered as counted in the current hour, at most. */
const COUNTED_KEPT = 50_000;

/**
 * The clicks of the redirect, written behind it in batches (issue 24 §8: the redirect keeps
 * the throughput of `/v2/health`): a visit costs the link's lookup only, its click joins the next
 * multi-row insert, and a person's repeat visits in the hour (which the unique index would turn
 * away) are not written at all. Reads of the counts flush first, so what a person just did is
 * counted when they look; a crash loses at most the last fraction of a second of clicks.
 */
export function createClickBuffer(deps: {
  write: (clicks: ClickInsert[]) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  let pending: ClickInsert[] = [];
  let timer: NodeJS.Timeout | null = null;
  // Batches are written one after another, in the order they were taken.
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    if (batch.length > 0) writing = writing.then(() => deps.write(batch)).catch(deps.onError);
    return writing;
  }

  // A person already counted for a link this hour: their next visits need no write at all.
  const counted = new Set<string>();
  let countedHour = 0;

  return {
    add(click: ClickInsert) {
      if (click.kind === 'person') {
        const hour = click.visitHour.getTime();
        if (hour !== countedHour || counted.size >= COUNTED_KEPT) {
          counted.clear();
          countedHour = hour;
        }
        const key = `${click.linkId}\n${click.visitorHash}`;
        if (counted.has(key)) return;
        counted.add(key);
      }
      pending.push(click);
      if (pending.length >= MAX_BATCH) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush,
  };
}
