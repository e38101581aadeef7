// A tiny scroll-animation runner (instead of a CDN library): elements marked with data-animate fade in
// when they enter the viewport. Defaults: fade-up, ease, 0.7 s, 0.5 s delay, once.
export const SCROLL_ANIMATION_DEFAULTS = {
  animation: 'fade-up',
  easing: 'ease',
  durationMs: 700,
  delayMs: 500,
  once: true,
} as const;

const SELECTOR = '[data-animate]';
let observer: IntersectionObserver | null = null;

function prepare(el: HTMLElement): void {
  if (el.dataset.animateReady) return;
  el.dataset.animateReady = '1';
  if (!el.dataset.animate) el.dataset.animate = SCROLL_ANIMATION_DEFAULTS.animation;
  const d = SCROLL_ANIMATION_DEFAULTS;
  el.style.transitionDuration = `${el.dataset.animateDuration ?? d.durationMs}ms`;
  el.style.transitionDelay = `${el.dataset.animateDelay ?? d.delayMs}ms`;
  el.style.transitionTimingFunction = d.easing;
  observer?.observe(el);
}

/** Starts observing marked elements; every page change calls refresh to pick up new ones. */
export function startScrollAnimations(): void {
  if (observer || typeof IntersectionObserver === 'undefined') return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const el = entry.target as HTMLElement;
      if (entry.isIntersecting || reduced) {
        el.classList.add('animate-in');
        if (SCROLL_ANIMATION_DEFAULTS.once) observer?.unobserve(el);
      } else if (!SCROLL_ANIMATION_DEFAULTS.once) {
        el.classList.remove('animate-in');
      }
    }
  });
  // Lazily loaded pages add their sections after the route change: pick them up as they appear.
  new MutationObserver(() => refreshScrollAnimations()).observe(document.body, {
    childList: true,
    subtree: true,
  });
  refreshScrollAnimations();
}

export function refreshScrollAnimations(): void {
  for (const el of document.querySelectorAll<HTMLElement>(SELECTOR)) prepare(el);
}
