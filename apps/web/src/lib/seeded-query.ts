/**
 * `useQuery` and `useMutation` for the screens the server renders (docs/decisions/297). In the
 * browser they are TanStack Query's own. In the server's renderer (Vite's SSR build, where
 * `import.meta.env.SSR` is true and the other branch is dropped) nothing is ever fetched or
 * mutated: all of a page's data is seeded into the render's query client before it renders
 * (app/page-data.ts), so a query only reads the seeded data, without the observer, option
 * defaults and result tracking of `useQuery` (about a tenth of a product page's render), and a
 * mutation is idle. The results are what `useQuery` gives on the server for the same client
 * (queries disabled, data fresh): seeded data is a success, anything else pending and idle, so
 * the browser hydrates the same markup.
 *
 * Only for queries without `select`, placeholder or initial data (the stand-in would not apply
 * them); such a query keeps `useQuery`.
 */
import {
  useMutation as useObservedMutation,
  useQuery as useObservedQuery,
  useQueryClient,
  type DefaultError,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

const rejectOnServer = () => Promise.reject(new Error('nothing is fetched while rendering on the server'));

/** What every server-side result shares: idle, never fetched, never failed. */
const IDLE = {
  error: null,
  isError: false,
  isLoading: false,
  isFetching: false,
  isRefetching: false,
  isLoadingError: false,
  isRefetchError: false,
  isPaused: false,
  isPlaceholderData: false,
  isStale: false,
  isInitialLoading: false,
  isFetchedAfterMount: false,
  fetchStatus: 'idle',
  errorUpdatedAt: 0,
  errorUpdateCount: 0,
  failureCount: 0,
  failureReason: null,
  refetch: rejectOnServer,
} as const;

const PENDING = {
  ...IDLE,
  data: undefined,
  status: 'pending',
  isPending: true,
  isSuccess: false,
  isFetched: false,
  dataUpdatedAt: 0,
} as const;

function useSeededQuery<TData = unknown, TError = DefaultError, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, TError, TData, TKey>,
): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const state = client.getQueryState<TData, TError>(options.queryKey);
  const result =
    state?.data === undefined
      ? PENDING
      : {
          ...IDLE,
          data: state.data,
          status: 'success',
          isPending: false,
          isSuccess: true,
          isFetched: state.dataUpdateCount > 0,
          dataUpdatedAt: state.dataUpdatedAt,
        };
  return result as unknown as UseQueryResult<TData, TError>;
}

const IDLE_MUTATION = {
  data: undefined,
  error: null,
  variables: undefined,
  context: undefined,
  status: 'idle',
  isIdle: true,
  isPending: false,
  isError: false,
  isSuccess: false,
  isPaused: false,
  failureCount: 0,
  failureReason: null,
  submittedAt: 0,
  mutate: () => undefined,
  mutateAsync: rejectOnServer,
  reset: () => undefined,
} as const;

function useIdleMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  _options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  return IDLE_MUTATION as unknown as UseMutationResult<TData, TError, TVariables, TContext>;
}

export const usePageQuery: typeof useSeededQuery = import.meta.env.SSR ? useSeededQuery : useObservedQuery;
export const usePageMutation: typeof useIdleMutation = import.meta.env.SSR
  ? useIdleMutation
  : useObservedMutation;
