/** The in-app target of `?redirect=`; anything that is not an app path falls back to home. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/';
  return value;
}
