import { apiErrorSchema, buildPath, coreApi, type Endpoint, MSG } from '@cab/shared';
import type { z } from 'zod';
import { ApiRequestError, call } from '../../lib/api.ts';
import { showErrorDialog } from '../../lib/errorDialogStore.ts';
import { getToken, setToken } from '../../lib/token.ts';

type Output<T> = T extends z.ZodType ? z.output<T> : never;

export interface UploadOptions {
  params?: Record<string, string | number>;
  form: FormData;
  /** Upload progress, 0..100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST with upload progress (CSV import, images). fetch() reports no upload
 * progress, so this uses XMLHttpRequest and then follows the API client's SPEC 8 handling:
 * the error is logged through the warn endpoint; 401 drops the token (the guard goes to
 * /login); 500 shows the 'Internal Error' popup with the transaction id; a 400/413 with field
 * errors is left to the caller (the dialog shows it); any other error with a code is a popup.
 * Always rejects with an ApiRequestError on failure.
 */
export function upload<E extends Endpoint>(endpoint: E, options: UploadOptions): Promise<Output<E['response']>> {
  const url = buildPath(endpoint.path, options.params ?? {});
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onerror = () =>
      reject(new ApiRequestError(0, { code: 'network_error', message: 'The server could not be reached.' }));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = endpoint.response.safeParse(data);
        resolve((parsed.success ? parsed.data : data) as Output<E['response']>);
        return;
      }
      const parsedError = apiErrorSchema.safeParse(data);
      const apiError = parsedError.success
        ? parsedError.data
        : { code: `http_${xhr.status}`, message: xhr.statusText || MSG.internalError };
      void handleFailure(xhr.status, url, endpoint.method, apiError, token).then(reject);
    };
    xhr.send(options.form);
  });
}

async function handleFailure(
  status: number,
  url: string,
  method: string,
  apiError: z.output<typeof apiErrorSchema>,
  token: string | null,
): Promise<ApiRequestError> {
  let transactionId: string | undefined;
  try {
    const logged = await call(coreApi.logWarn, {
      body: {
        type: 'api',
        code: apiError.code,
        data: { status, method, message: apiError.message, fields: apiError.fields, page: window.location.pathname },
        url,
      },
      skipCommonHandling: true,
    });
    transactionId = logged.transaction_id;
  } catch {
    transactionId = undefined;
  }
  const error = new ApiRequestError(status, apiError, transactionId);
  if (status === 401) {
    if (token && getToken() === token) setToken(null);
    error.handled = true;
  } else if (status >= 500) {
    showErrorDialog({ title: MSG.internalErrorTitle, message: MSG.internalErrorBody, transactionId });
    error.handled = true;
  } else if (!error.hasFieldErrors && !error.extra.skip_common_handling && error.code) {
    const title = typeof error.extra.title === 'string' && error.extra.title ? error.extra.title : error.code;
    showErrorDialog({ title, message: error.message });
    error.handled = true;
  }
  return error;
}
