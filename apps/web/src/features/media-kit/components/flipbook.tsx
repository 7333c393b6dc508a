import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { KitPage } from './kit-pages';

type View = 'book' | 'list';
type Turn = 'forward' | 'backward';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Read once: a reader who asks for less motion starts on the plain list (and no animation). */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION).matches === true;

/**
 * The kit as a book of semantic pages (spec §6, issue 25 §2), built in-house: one page at a
 * time that turns with a small CSS 3D flip, or every page in a column ("List view", the default
 * when the reader prefers reduced motion). The pages and their controls follow the kit's
 * direction: in an Arabic kit the next page is on the left, the arrow keys are mirrored and
 * "Next" sits on the left. The controls speak the reader's interface language; the position
 * ("Page 2 of 5") is announced politely. Buttons at the ends stay focusable (aria-disabled),
 * so a keyboard user's focus never falls back to the top of the page. Plain elements and the
 * feature's CSS, no Mantine: the public page's entry does not load it (ADR 028).
 */
export function Flipbook({ pages, dir }: { pages: readonly KitPage[]; dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation('media-kit');
  const [view, setView] = useState<View>(() => (prefersReducedMotion() ? 'list' : 'book'));
  const [index, setIndex] = useState(0);
  const [turn, setTurn] = useState<Turn | null>(null);
  const hintId = useId();
  const current = Math.min(index, pages.length - 1);
  const isFirst = current === 0;
  const isLast = current === pages.length - 1;

  const goTo = (target: number) => {
    if (target < 0 || target >= pages.length || target === current) return;
    setTurn(target > current ? 'forward' : 'backward');
    setIndex(target);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (view !== 'book' || event.altKey || event.ctrlKey || event.metaKey) return;
    // The arrow that points the way the pages go: right in a left-to-right kit, left in Arabic.
    const forwardKey = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backwardKey = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const target =
      event.key === forwardKey
        ? current + 1
        : event.key === backwardKey
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? pages.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    goTo(target);
  };

  // The chevrons point where the pages go in the kit's direction.
  const mirrored = dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const position = t('public.book.position', { page: current + 1, count: pages.length });

  return (
    <section className="kit-book" aria-label={t('public.book.label')} onKeyDown={onKeyDown}>
      <div className="kit-book-toolbar">
        <button
          type="button"
          className="kit-button"
          data-variant={view === 'list' ? 'filled' : 'default'}
          aria-pressed={view === 'list'}
          onClick={() => setView(view === 'list' ? 'book' : 'list')}
        >
          {t('public.book.listView')}
        </button>
      </div>
      {view === 'list' ? (
        <div className="kit-book-list">
          {pages.map((page) => (
            <div key={page.section}>{page.content}</div>
          ))}
        </div>
      ) : (
        <>
          <p id={hintId} hidden>
            {t('public.book.keyboardHint')}
          </p>
          {/* Focusable so the arrow keys turn the pages from the book itself. */}
          <div
            className="kit-book-stage"
            dir={dir}
            tabIndex={0}
            role="group"
            aria-label={t('public.book.pageLabel', {
              position,
              title: pages[current]?.title ?? '',
            })}
            aria-describedby={hintId}
          >
            {pages.map((page, i) => (
              <div
                key={page.section}
                className="kit-book-leaf"
                hidden={i !== current}
                data-turn={i === current && turn ? turn : undefined}
              >
                {page.content}
              </div>
            ))}
          </div>
          <div className="kit-book-controls" dir={dir}>
            <button
              type="button"
              className="kit-button"
              aria-disabled={isFirst}
              data-disabled={isFirst || undefined}
              onClick={() => goTo(current - 1)}
            >
              <IconChevronLeft size={18} aria-hidden style={mirrored} />
              {t('public.book.previous')}
            </button>
            <p className="kit-book-position" aria-live="polite" aria-atomic="true">
              {position}
            </p>
            <button
              type="button"
              className="kit-button"
              aria-disabled={isLast}
              data-disabled={isLast || undefined}
              onClick={() => goTo(current + 1)}
            >
              {t('public.book.next')}
              <IconChevronRight size={18} aria-hidden style={mirrored} />
            </button>
          </div>
          <ol className="kit-book-dots" dir={dir} aria-label={t('public.book.pages')}>
            {pages.map((page, i) => (
              <li key={page.section}>
                <button
                  type="button"
                  className="kit-book-dot"
                  aria-current={i === current ? 'page' : undefined}
                  aria-label={t('public.book.goTo', { page: i + 1, title: page.title })}
                  onClick={() => goTo(i)}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
