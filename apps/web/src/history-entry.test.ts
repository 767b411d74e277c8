import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { markHistoryEntry } from './history-entry';

describe('the rendered page marks its history entry before the app starts (decision 337)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('marks an unmarked entry as react-router would, so the router does not write it again', () => {
    window.history.replaceState({ usr: null }, '', '/de/product/5');
    markHistoryEntry();
    expect(window.history.state).toEqual({ usr: null, idx: 0 });
    const replace = vi.spyOn(window.history, 'replaceState');
    const history = createBrowserHistory();
    expect(replace).not.toHaveBeenCalled();
    expect(history.location.pathname).toBe('/de/product/5');
  });

  it('leaves an entry the router marked already (a reload, a step back) as it is', () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 3 }, '', '/de/');
    const replace = vi.spyOn(window.history, 'replaceState');
    markHistoryEntry();
    expect(replace).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3 });
  });

  it('is what the router itself writes on an unmarked entry', () => {
    window.history.replaceState(null, '', '/de/');
    createBrowserHistory();
    const routers = window.history.state as unknown;
    window.history.replaceState(null, '', '/de/');
    markHistoryEntry();
    expect(window.history.state).toEqual(routers);
  });
});
