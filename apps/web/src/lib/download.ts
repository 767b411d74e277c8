/**
 * Downloads a file the API answers only to a signed-in caller (receipts, statements): fetches
 * it with the bearer token and hands the browser the blob under its file name.
 */
import { useSession } from '../stores/session';
import { useI18n } from '../i18n';
import { ApiError, GENERIC_ERROR } from './api-client';

export async function downloadFile(path: string, filename: string): Promise<void> {
  const headers: Record<string, string> = { 'accept-language': useI18n.getState().locale };
  const token = useSession.getState().userInfo?.access;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, GENERIC_ERROR);
  }
  if (!response.ok) {
    const detail = ((await response.json().catch(() => ({}))) as { detail?: unknown }).detail;
    throw new ApiError(response.status, typeof detail === 'string' ? detail : GENERIC_ERROR);
  }
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
