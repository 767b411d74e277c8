/**
 * react-router's browser history marks the page's history entry with its index when the app
 * starts (`history.replaceState({ ...state, idx: 0 })` when the entry has none), inside a rendered
 * page's first hydration task. While the page loads, that one call waits up to 10 ms for the
 * browser's own process. A rendered page's entry script marks the entry the same way in a task of
 * its own before the app starts (decision 337), and the router then finds it marked. An entry
 * marked already (a reload, a step back to the page) keeps its index.
 */
export function markHistoryEntry(): void {
  const state = window.history.state as { idx?: unknown } | null;
  if (state?.idx == null) window.history.replaceState({ ...state, idx: 0 }, '');
}
