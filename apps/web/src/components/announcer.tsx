/**
 * The app's one polite live region (rendered by the layout before anything is said into it) and
 * `announce`, the single way a result — a page opened, an order sent, a cart changed — is spoken.
 */
import { create } from 'zustand';

const useAnnouncement = create<{ text: string }>(() => ({ text: '' }));
let pending: ReturnType<typeof setTimeout> | undefined;
let queue: string[] = [];

/**
 * Speaks `text` once; the region is emptied first so a repeated message is read again. Messages
 * said within the same moment (a page's title and its notice) are read together, in order.
 */
export function announce(text: string) {
  if (!text) return;
  clearTimeout(pending);
  if (!queue.includes(text)) queue.push(text);
  useAnnouncement.setState({ text: '' });
  pending = setTimeout(() => {
    useAnnouncement.setState({ text: queue.join(' ') });
    queue = [];
  }, 150);
}

/** Forgets what is queued and said: the tests' page is reused by the next test file. */
export function resetAnnouncements() {
  clearTimeout(pending);
  queue = [];
  useAnnouncement.setState({ text: '' });
}

export function LiveRegion() {
  const text = useAnnouncement((s) => s.text);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" id="announcer">
      {text}
    </div>
  );
}
