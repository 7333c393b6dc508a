/**
 * Polls `probe` until it returns a value other than undefined/false, or fails after `timeoutMs`.
 * For effects that happen after commit (events, jobs, e-mails): the tests wait for the outcome
 * instead of sleeping a guessed time.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' } = {},
): Promise<Exclude<T, undefined | false | null>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false && value !== null) {
        return value as Exclude<T, undefined | false | null>;
      }
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
