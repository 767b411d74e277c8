import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
export const DEMO_PASSWORD = 'marktgasse-demo';
export const DEMO_CUSTOMER = 'demo-customer';
export const DEMO_SELLER = 'demo-seller';

let n = 0;
export function uniqueName(prefix: string): string {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${n}${Math.floor(Math.random() * 1000)}`;
}

/**
 * Waits until the page is at rest: two frames drawn (a resize or an update laid out), every image
 * in the window loaded (or failed), and no transition or finite animation running (a dialog's
 * fade, a carousel's slide); endless ones, such as a spinner's, do not count. What a fixed pause
 * was waiting for, without its time when the page is ready sooner.
 */
export async function settled(page: Page, timeout = 10_000): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(
    () => {
      const inWindow = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
      };
      const images = [...document.images].every((img) => img.complete || !inWindow(img));
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      return images && !moving;
    },
    undefined,
    { timeout },
  );
}

/** Saves a full-page screenshot at desktop (1280) and phone (390) width. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Registers through the UI as a customer or seller and waits until signed in. */
export async function registerViaUi(
  page: Page,
  role: 'Customer' | 'Seller',
  username = uniqueName(role === 'Seller' ? 'seller' : 'kunde'),
) {
  await page.goto('/#/register');
  // The account type is a radio group drawn as buttons: the visible part is the label.
  await page.locator('fieldset label', { hasText: role }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email Address').fill(`${username}@example.ch`);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByLabel('Confirm Password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  // Registered, the app opens the home page and puts focus on its heading once it has rendered:
  // a click before that (on a header menu) would lose its focus to the heading and close again.
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('main h1')).toBeFocused();
  return { username, password: 'secret-pass-1' };
}

/** Logs in through the API and stores the session the way the app does, then opens `to`. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD, to = '/') {
  const res = await page.request.post('/api/users/login/', { data: { username, password } });
  expect(res.status()).toBe(200);
  const info = await res.json();
  const me = await (
    await page.request.get('/api/users/me/', { headers: { authorization: `Bearer ${info.access}` } })
  ).json();
  await page.goto('/');
  await page.evaluate(
    ([i, u]) => {
      localStorage.setItem('userInfo', JSON.stringify(i));
      localStorage.setItem('user', JSON.stringify(u));
    },
    [info, me],
  );
  // A full load, so nothing of a previous session's page keeps running.
  await page.goto(`/?session=${info.id}#${to}`);
  return info as { access: string; id: number };
}
