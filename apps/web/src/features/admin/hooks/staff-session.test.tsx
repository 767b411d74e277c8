/**
 * A staff member at work stays signed in past the token's idle limit (each admin answer renews
 * it) and an idle one is signed out with a message (decision 205 on the server's side).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { LoginResponse } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { StaffSignIn } from '../components/staff-sign-in';
import { tokenExpiry, useStaffExpiry } from './use-staff-expiry';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';

const token = (expSeconds: number, n = 1) =>
  ['e30', btoa(JSON.stringify({ sub: 7, n, exp: expSeconds })).replace(/=+$/, ''), 'sig'].join('.');

const staff = (access: string) =>
  ({ id: 7, username: 'anna', is_staff: true, permissions: ['support'], access }) as unknown as LoginResponse;

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function Watch() {
  useStaffExpiry(useSession((s) => s.userInfo?.access));
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.getState().logout();
});

describe('the staff session', () => {
  it('keeps the token each admin answer renews', async () => {
    const now = Math.floor(Date.now() / 1000);
    useSession.getState().login(staff(token(now + 60)));
    const renewed = token(now + 30 * 60, 2);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { orders_today: 1 }, { 'x-access-token': renewed })),
    );
    await api('/api/admin/dashboard/');
    expect(useSession.getState().userInfo?.access).toBe(renewed);
    expect(useSession.getState().userInfo?.username).toBe('anna');
  });

  it('signs out when the server refuses the token, and the sign-in says why', async () => {
    useSession.getState().login(staff(token(Math.floor(Date.now() / 1000) + 60)));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { detail: 'The access token is invalid or has expired.' })),
    );
    await expect(api('/api/admin/dashboard/')).rejects.toThrow(/expired/);
    expect(useSession.getState().userInfo).toBeNull();
    render(
      <QueryClientProvider client={queryClient}>
        <StaffSignIn onRecoveryCodes={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/signed out after a while without activity/)).toBeTruthy();
  });

  it('signs an idle staff member out when the token runs out, not later', () => {
    vi.useFakeTimers();
    const exp = Math.floor(Date.now() / 1000) + 30 * 60;
    expect(tokenExpiry(token(exp))).toBe(exp * 1000);
    useSession.getState().login(staff(token(exp)));
    render(<Watch />);
    act(() => vi.advanceTimersByTime(29 * 60 * 1000));
    expect(useSession.getState().userInfo).not.toBeNull();
    act(() => vi.advanceTimersByTime(61 * 1000));
    expect(useSession.getState().userInfo).toBeNull();
    expect(useSession.getState().expired).toBe(true);
  });
});
