/**
 * What production builds load for `react` (vite.config.ts, decision 260): Preact's compat layer,
 * plus the two React 19 hooks react-router 7 looks up without needing them here (`use` for its
 * Await element and `useOptimistic` for data routers, neither of which the app uses). Naming them
 * as absent keeps the build free of "import is undefined" warnings; react-router falls back.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';
export const use = undefined;
export const useOptimistic = undefined;
