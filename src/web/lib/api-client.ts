// fetch for our JSON API: throws ApiRequestError with the server's pt-BR message and fields, and
// gives up after a time limit, so a stalled phone connection never leaves a button spinning.
import {
  clientErrorTable,
  isApiError,
  type ErrorCode,
  type ClientErrorCode,
} from '@shared/api-error.ts';

/** A failed request. Decide on `code` (src/shared/api-error.ts), never on `status`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode | (string & {}),
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** How long a request (the answer and its body) may take before it is abandoned. */
export const defaultTimeoutMs = 20_000;

export const clientErrors = {
  network: clientErrorTable.network.message,
  timeout: clientErrorTable.timeout.message,
} as const;

export interface ApiRequestOptions {
  method?: string;
  /** JSON, or a file (a Blob: sent as it is, with its own Content-Type). */
  body?: unknown;
  /** The caller's own cancellation: an abort rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  /** Defaults to `defaultTimeoutMs`. */
  timeoutMs?: number;
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** A file (a Blob) goes as its own bytes and type; anything else as JSON. */
const contentType = (body: unknown) => (body instanceof Blob ? body.type : 'application/json');
const requestBody = (body: unknown) =>
  body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body);

export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(url, options)).body;
}

/** The answer's body with its `ETag`: the version a save names back in `If-Match` (0215). */
export async function apiRequestVersioned<T>(
  url: string,
  options: ApiRequestOptions = {},
): Promise<{ body: T; etag: string | null }> {
  const { body, headers } = await apiExchange<T>(url, options);
  return { body, etag: headers.get('etag') };
}

async function apiExchange<T>(
  url: string,
  options: ApiRequestOptions,
): Promise<{ body: T; headers: Headers }> {
  const { signal: callerSignal, timeoutMs = defaultTimeoutMs } = options;
  // One controller for both reasons to stop; AbortSignal.any is too new for older phones.
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  /** What to throw when fetching or reading the body failed. */
  const failure = (error: unknown): unknown => {
    if (callerSignal?.aborted) return error;
    if (timedOut)
      return new ApiRequestError(0, clientErrorTable.timeout.code, clientErrors.timeout);
    if ((error as Error | undefined)?.name === 'AbortError') return error;
    return new ApiRequestError(0, clientErrorTable.network.code, clientErrors.network);
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': contentType(options.body) }),
          ...options.headers,
        },
        body: requestBody(options.body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error);
    }
    if (response.status === 204) return { body: undefined as T, headers: response.headers };

    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // A body cut short by an abort is that abort; one that is not JSON is dealt with below.
      if (controller.signal.aborted) throw failure(error);
      body = undefined;
    }
    if (!response.ok) {
      if (isApiError(body)) {
        throw new ApiRequestError(
          response.status,
          body.error.code,
          body.error.message,
          body.error.fields,
        );
      }
      const { code, message } = clientErrorTable.unavailable;
      throw new ApiRequestError(response.status, code, message);
    }
    return { body: body as T, headers: response.headers };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/** The error's code (src/shared/api-error.ts); undefined for what is no request's failure. */
export function errorCode(error: unknown): ApiRequestError['code'] | undefined {
  return error instanceof ApiRequestError ? error.code : undefined;
}

/** The session is gone (expired, logged out elsewhere): back to the login form. */
export function isUnauthorized(error: unknown): boolean {
  return errorCode(error) === 'unauthorized';
}

export function isNotFound(error: unknown): boolean {
  return errorCode(error) === 'not_found';
}
