/**
 * Focus that never falls to <body>: when the control a user acted on goes away, focus moves to
 * what replaced it (a result, the next control, the heading). The target is looked for over a
 * few frames, so it may be rendered by the very update that removed the control.
 */
import { announce } from './announcer';

export function moveFocus(
  target: () => HTMLElement | null | undefined,
  { say, fallback = '#main h1, #main' }: { say?: boolean | string; fallback?: string } = {},
) {
  let tries = 0;
  const attempt = () => {
    // While a dialog is still closing it holds focus (and then restores it to its opener, which may
    // be gone): wait until it has left the page.
    const dialogOpen = document.querySelector('.modal') !== null;
    let el = dialogOpen ? null : target();
    if (!el && tries++ < (dialogOpen ? 60 : 20)) {
      setTimeout(attempt, 50);
      return;
    }
    el ??= document.querySelector<HTMLElement>(fallback);
    if (!el) return;
    if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus();
    if (say) announce(typeof say === 'string' ? say : (el.textContent ?? '').trim());
  };
  requestAnimationFrame(() => setTimeout(attempt, 0));
}

export const byId = (id: string) => () => document.getElementById(id);
