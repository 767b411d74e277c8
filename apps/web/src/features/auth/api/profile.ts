import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { fetchMe } from './me';
import { useSession } from '../../../stores/session';

export interface ProfileUpdate {
  image: File | null;
  category: number[];
  industry: string;
  headquarter: string;
  description: string;
  /** A seller's shop name ('' removes it); left out for customers. */
  displayName?: string;
}

/** The multipart body of PATCH /api/profiles/{id}/ (spec §7): image only when changed, category repeated. */
export function profileFormData(input: ProfileUpdate): FormData {
  const form = new FormData();
  if (input.image) form.append('image', input.image);
  // An empty value tells the server "no categories" (a missing field would mean "unchanged").
  if (input.category.length === 0) form.append('category', '');
  for (const id of input.category) form.append('category', String(id));
  form.append('industry', input.industry);
  form.append('headquarter', input.headquarter);
  form.append('description', input.description);
  if (input.displayName !== undefined) form.append('displayName', input.displayName);
  return form;
}

export function useUpdateProfile(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) =>
      api<Profile>(`/api/profiles/${profileId}/`, { method: 'PATCH', body: profileFormData(input) }),
    onSuccess: async () => {
      const me = await fetchMe();
      useSession.getState().setUser(me);
      client.setQueryData(['users', 'me'], me);
      await client.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}
