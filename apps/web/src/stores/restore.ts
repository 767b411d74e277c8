import { reloadCartFromStorage } from './cart';
import { reloadSessionFromStorage } from './session';

/**
 * Reads the session and the cart from the browser's storage. The stores start as a guest's with
 * an empty cart: a browser's first look at its storage is a synchronous wait for the browser's own
 * process, tens of milliseconds on a phone while the page still loads. A screen the browser
 * renders itself calls this before its first render; a server-rendered page, which shows a guest's
 * view anyway, calls it in a task of its own once its first part has hydrated (decision 318).
 */
export function restoreStored(): void {
  reloadSessionFromStorage();
  reloadCartFromStorage();
}
