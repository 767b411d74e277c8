import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, User } from '@marktgasse/shared';
import { ApiError, api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../stores/session';

export interface Enrolment {
  secret: string;
  otpauth_url: string;
}

/** What the sign-in answered: signed in (maybe with recovery codes to show once), or a code is needed. */
export type StaffSignIn =
  | { kind: 'signed-in'; recoveryCodes: string[] | null }
  | { kind: 'otp'; message: string; enrolment: Enrolment | null };

/** POST /api/users/login/ with the staff's `otp`: the 401 `otp_required` asks for (or enrols) a code. */
/** `onRecoveryCodes` hears the codes of a completed enrolment before the session starts (they are shown once). */
export function useStaffSignIn(onRecoveryCodes: (codes: string[]) => void) {
  return useMutation({
    mutationFn: async (input: { username: string; password: string; otp?: string }): Promise<StaffSignIn> => {
      let info: LoginResponse;
      try {
        info = await api<LoginResponse>('/api/users/login/', { method: 'POST', body: input, auth: false });
      } catch (error) {
        const data =
          error instanceof ApiError
            ? (error.data as { otp_required?: boolean; enrolment?: Enrolment })
            : null;
        if (error instanceof ApiError && data?.otp_required)
          return { kind: 'otp', message: error.message, enrolment: data.enrolment ?? null };
        throw error;
      }
      if (info.recovery_codes) onRecoveryCodes(info.recovery_codes);
      queryClient.clear();
      useSession.getState().login(info);
      const me = await api<User>('/api/users/me/');
      useSession.getState().setUser(me);
      return { kind: 'signed-in', recoveryCodes: info.recovery_codes ?? null };
    },
  });
}
