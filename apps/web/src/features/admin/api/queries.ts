/** The back office's reads (GET /api/admin/…): one query-options builder per endpoint. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminOrderDetail as OrderDetail,
  AdminOrderPage as OrderPage,
  AdminProductPage,
  AdminSellerPage,
  AdminUserPage,
  AdminReviewPage as ReviewPage,
  AuditPage,
  Dashboard,
  ReportPage,
  StaffAccountPage,
} from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

type Query = Record<string, string | number | undefined>;

const page = <T>(path: string, query: Query) =>
  queryOptions({
    queryKey: ['admin', path, query],
    queryFn: ({ signal }) => api<T>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useDashboard = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'dashboard'],
      queryFn: () => api<Dashboard>('/api/admin/dashboard/'),
    }),
  );
export const useAdminOrders = (query: Query) => useQuery(page<OrderPage>('/api/admin/orders/', query));
export const useAdminOrder = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'order', id],
      queryFn: () => api<OrderDetail>(`/api/admin/orders/${id}/`),
    }),
  );
export const useAdminReviews = (query: Query, enabled: boolean) =>
  useQuery({ ...page<ReviewPage>('/api/admin/reviews/', query), enabled });
export const useReports = (query: Query) => useQuery(page<ReportPage>('/api/admin/reports/', query));
export const useAudit = (query: Query) => useQuery(page<AuditPage>('/api/admin/audit/', query));
export const useStaffAccounts = (query: Query) =>
  useQuery(page<StaffAccountPage>('/api/admin/staff/', query));
export const useAdminProducts = (query: Query) =>
  useQuery(page<AdminProductPage>('/api/admin/products/', query));
export const useAdminSellers = (query: Query) =>
  useQuery(page<AdminSellerPage>('/api/admin/sellers/', query));
export const useAdminUsers = (query: Query) => useQuery(page<AdminUserPage>('/api/admin/users/', query));
