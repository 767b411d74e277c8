/** The back office's actions (PUT/DELETE /api/admin/…), each with the reason staff give. */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attemptKeys } from '../../../lib/attempt-key';

export type Action =
  | { kind: 'hide' | 'unhide'; id: number; reason: string }
  | { kind: 'suspend' | 'reinstate' | 'approve'; id: number; reason: string }
  | { kind: 'remove-review'; id: number; reason: string }
  | { kind: 'cancel-part'; id: number; reason: string }
  | { kind: 'lock' | 'unlock'; id: number; reason: string }
  | { kind: 'report'; id: number; reason: string; status: 'open' | 'acted' | 'dismissed' };

function request(action: Action): Promise<unknown> {
  const body = { reason: action.reason };
  switch (action.kind) {
    case 'hide':
    case 'unhide':
      return api(`/api/admin/products/${action.id}/${action.kind}/`, { method: 'PUT', body });
    case 'suspend':
    case 'reinstate':
    case 'approve':
      return api(`/api/admin/sellers/${action.id}/${action.kind}/`, { method: 'PUT', body });
    case 'remove-review':
      return api(`/api/admin/reviews/${action.id}/`, { method: 'DELETE', body });
    case 'lock':
    case 'unlock':
      return api(`/api/admin/users/${action.id}/${action.kind}/`, { method: 'PUT', body });
    case 'cancel-part':
      return api(`/api/admin/seller-orders/${action.id}/cancel/`, { method: 'PUT', body });
    case 'report':
      return api(`/api/admin/reports/${action.id}/`, {
        method: 'PUT',
        body: { ...body, status: action.status },
      });
  }
}

export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export interface RefundInput {
  item: number;
  quantity?: number;
  amount?: string;
  reason: string;
}

/**
 * POST /api/admin/orders/{id}/refunds/ (finance): part of a delivered line. The same refund
 * sent again after a lost answer carries the same Idempotency-Key, so it is paid once.
 */
export function useStaffRefund(orderId: number) {
  const client = useQueryClient();
  const [keys] = useState(attemptKeys);
  return useMutation({
    mutationFn: async (body: RefundInput) => {
      const answer = await api(`/api/admin/orders/${orderId}/refunds/`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': keys.keyFor(body) },
      });
      keys.settle();
      return answer;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Staff accounts (admin): create (with a password, or invited by e-mail), invite again, set permissions, disable or enable. */
export type StaffAction =
  | { kind: 'create'; username: string; email: string; password?: string; permissions: string[] }
  | { kind: 'invite'; id: number; reason: string }
  | { kind: 'permissions'; id: number; permissions: string[]; reason: string }
  | { kind: 'disable' | 'enable'; id: number; reason: string };

function staffRequest(action: StaffAction): Promise<unknown> {
  switch (action.kind) {
    case 'create': {
      const { kind: _kind, ...body } = action;
      return api('/api/admin/staff/', { method: 'POST', body });
    }
    case 'invite':
      return api(`/api/admin/staff/${action.id}/invite/`, {
        method: 'POST',
        body: { reason: action.reason },
      });
    case 'permissions':
      return api(`/api/admin/staff/${action.id}/permissions/`, {
        method: 'PUT',
        body: { permissions: action.permissions, reason: action.reason },
      });
    case 'disable':
    case 'enable':
      return api(`/api/admin/staff/${action.id}/${action.kind}/`, {
        method: 'PUT',
        body: { reason: action.reason },
      });
  }
}

export function useStaffAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: staffRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
