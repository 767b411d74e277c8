/**
 * The entry of a server-rendered page (decision 310). The page arrives complete and its links
 * work without code, so the code waits for the first screen's largest image (the one the app
 * marks `fetchpriority="high"`) to paint, or for `FIRST_IMAGE_WAIT_MS`, before it starts the
 * app: a phone spends its first CPU and its bandwidth on showing the page, not on hydrating it.
 * The app's modules and full style sheet are fetched only then too (decision 327). The server
 * names the app's entry on this script (`data-app`).
 */
import { markHistoryEntry } from './history-entry';

const FIRST_IMAGE_WAIT_MS = 1500;

function firstImagePainted(): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!img) return Promise.resolve();
  return new Promise<void>((resolve) => {
    // The frame after the image loaded paints it; the task after that frame starts the app.
    const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (img.complete) painted();
    else {
      img.addEventListener('load', painted, { once: true });
      img.addEventListener('error', painted, { once: true });
    }
    setTimeout(resolve, FIRST_IMAGE_WAIT_MS);
  });
}

/**
 * The app's entry with its chunks and the entry's style sheet, which the server puts in an inert
 * `<template data-later>` in the head (decision 327), and the screen's own chunks, the language's
 * messages and the screen's style sheets, which it names in `<meta name="mg-screen">` (decision
 * 321): all fetched side by side, not one after the other as the app's modules run. A sheet loads
 * as the entry's do, applied by the app with them.
 */
function fetchScreen(): void {
  for (const later of document.querySelectorAll<HTMLTemplateElement>('template[data-later]'))
    document.head.append(later.content.cloneNode(true));
  const files = document.querySelector<HTMLMetaElement>('meta[name="mg-screen"]')?.content.split(' ') ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'stylesheet';
      link.media = 'print';
      link.dataset.deferredSheet = '';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // A part that fails has no sheet and no later event to wait for: the app would wait for it
  // forever and never hydrate. Marked, it counts as settled (deferredSheetLoaded).
  for (const part of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-sheet]'))
    part.addEventListener('error', () => part.setAttribute('data-failed', ''), { once: true });
}

const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
setTimeout(markHistoryEntry, 0);
await firstImagePainted();
fetchScreen();
if (app) await import(/* @vite-ignore */ app);

// A module (its top-level await needs one), with nothing to export.
export {};
