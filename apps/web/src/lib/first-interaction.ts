const events = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Calls `callback` once, on the person's first focus, pointer or key anywhere in the page: for
 * what no one needs before they start using a form (its rules and their messages), fetched then
 * rather than with the first download (ADR 016). Returns the function that stops listening.
 */
export function onFirstInteraction(callback: () => void): () => void {
  const stop = () => {
    for (const type of events) document.removeEventListener(type, fire, true);
  };
  const fire = () => {
    stop();
    callback();
  };
  for (const type of events) document.addEventListener(type, fire, true);
  return stop;
}
