// Files from our services (issue 17): a 'raw' route that answers a file (a CSV export) fetched with the caller's token
// as call() would fetch it, and saved by the browser under the name the server gives. Apart from api-client.ts so the
// first download does not carry it: only the export screens import it.
import type { RouteArgs, Routes } from '@allclear/contracts/routes';
import { ApiError, readJson, toApiError, urlOf, type CallOptions, type UrlRouteKey } from './api-client.ts';
import { useAuthStore } from './session/auth-store.ts';

/** A file a route answered: its bytes and the name its Content-Disposition gives (else `fallbackName`). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** Fetches a 'raw' route that answers a file with the caller's token; a failure is an ApiError with the server's message. */
export async function download<K extends UrlRouteKey>(
  key: K,
  args: RouteArgs<Routes[K]>,
  fallbackName: string,
  options?: CallOptions,
): Promise<DownloadedFile> {
  const url = (urlOf as (key: K, args: RouteArgs<Routes[K]>) => string)(key, args);
  const headers: Record<string, string> = {};
  const token = useAuthStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options?.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error: the server could not be reached.');
  }
  if (!response.ok) {
    if (response.status === 401 && token) useAuthStore.getState().setNeedsLogin(true);
    throw toApiError(response, await readJson(response));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? fallbackName);
  return { blob: await response.blob(), fileName };
}

/** Saves a downloaded file through a temporary link (the browser's own download). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
