/**
 * The one way the web talks to the API (spec §7, §8; ARCHITECTURE §3).
 *
 * - Cookies are same-origin and httpOnly; the CSRF token arrives in the `X-CSRF-Token` response header
 *   (it rotates on login, logout and sign-up), so the latest value seen on any response is kept.
 * - Every non-GET call sends the token back, and JSON with a JSON content type (FormData as is).
 * - A non-GET call refused with "Invalid Authenticity Token" refreshes the token with GET /api/session
 *   and is retried once.
 * - Failures become an `ApiError` whose `errors` is always a non-empty list of messages; 5xx, network
 *   failures and unreadable bodies say only "An unexpected error occurred". The parsed error body is kept
 *   as `body` (unknown: callers that expect more than `errors`, such as checkout's `error_type`, parse it
 *   with their contract).
 */
/**
 * The same texts as MESSAGES.unexpected and MESSAGES.invalidAuthenticityToken of @stg/domain/validation
 * (a test holds them equal). Written out here so the API client does not pull zod into the first bundle.
 */
import {
  addressOf,
  pathOf,
  successSchemaOf,
  type AnswerOf,
  type AnyEndpoint,
  type BodyInputOf,
  type EndpointInput,
  type HttpMethod,
  type PathParamNames,
} from '@stg/domain/api/endpoint';
import { takeBootAnswer } from './boot-answers';
import { sessionApi } from '@stg/domain/api/session.endpoints';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';
export const INVALID_AUTHENTICITY_TOKEN = 'Invalid Authenticity Token';

export const CSRF_HEADER = 'X-CSRF-Token';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  /**
   * The answer's parsed JSON body; null when there was none, undefined when it could not be read. Not
   * enumerable, so an ApiError still equals one built from its status and messages alone.
   */
  declare readonly body: unknown;

  constructor(status: number, errors: string[], body: unknown = null) {
    super(errors.join(' '));
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    Object.defineProperty(this, 'body', { value: body, enumerable: false });
  }
}

/** The messages of any thrown value, for display. */
export function errorsOf(error: unknown): string[] {
  if (error instanceof ApiError) return error.errors;
  return [UNEXPECTED_ERROR];
}

let csrfToken: string | null = null;

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Tests and logout flows may reset what the client remembers. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export type { HttpMethod };

export interface RequestOptions {
  /** Skip the refresh-and-retry on "Invalid Authenticity Token". */
  noRetry?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. an Idempotency-Key); kept on the CSRF retry. */
  headers?: Record<string, string>;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Turns any error body into a non-empty list of messages. */
export function normalizeErrors(status: number, body: unknown): string[] {
  if (status >= 500) return [UNEXPECTED_ERROR];
  if (body && typeof body === 'object') {
    const { errors, error, message } = body as Record<string, unknown>;
    if (isStringArray(errors) && errors.length > 0) return errors;
    if (typeof errors === 'string' && errors) return [errors];
    if (typeof error === 'string' && error) return [error];
    if (typeof message === 'string' && message) return [message];
  }
  return [UNEXPECTED_ERROR];
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (method !== 'GET') {
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    if (body instanceof FormData) payload = body;
    else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, [UNEXPECTED_ERROR]);
  }

  const token = response.headers.get(CSRF_HEADER);
  if (token) csrfToken = token;

  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, normalizeErrors(response.status, data), data);
  if (data === undefined) throw new ApiError(response.status, [UNEXPECTED_ERROR], data);
  return data;
}

let tokenRequest: Promise<void> | null = null;

/**
 * Fetches a fresh CSRF token (GET /api/session sends one in its header). Calls made while one is on its
 * way share it: two writes sent together on a fresh page ask once, not twice (issue 23 #18).
 */
export function refreshCsrfToken(): Promise<void> {
  // The session endpoint object carries no zod (its schemas load on demand): this stays zod-free.
  tokenRequest ??= send(sessionApi.current.method, pathOf(sessionApi.current), undefined, {})
    .then(() => undefined)
    .finally(() => {
      tokenRequest = null;
    });
  return tokenRequest;
}

/**
 * Gets a CSRF token ahead of a write the page is about to offer (the page's session came with its HTML,
 * without one), so the write does not wait for it. Never throws: the write asks again if need be.
 */
export function ensureCsrfToken(): void {
  if (csrfToken === null) refreshCsrfToken().catch(() => undefined);
}

/**
 * One call. The answer is `unknown` on purpose: each caller reads it with its contract
 * (`schema.parse(answer)`, @stg/domain/api/*), so a drifted answer is a clear error, never a silent cast.
 */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<unknown> {
  if (method !== 'GET' && csrfToken === null) {
    // No token seen yet (first call of the page): get one rather than fail once for certain.
    await refreshCsrfToken().catch(() => undefined);
  }
  try {
    return await send(method, path, body, options);
  } catch (error) {
    const csrfFailure =
      error instanceof ApiError && error.errors.includes(INVALID_AUTHENTICITY_TOKEN) && method !== 'GET';
    if (!csrfFailure || options.noRetry) throw error;
    await refreshCsrfToken();
    return await send(method, path, body, options);
  }
}

export const api = {
  get: (path: string, options?: RequestOptions) => apiRequest('GET', path, undefined, options),
  post: (path: string, body?: unknown, options?: RequestOptions) => apiRequest('POST', path, body, options),
  put: (path: string, body?: unknown, options?: RequestOptions) => apiRequest('PUT', path, body, options),
  patch: (path: string, body?: unknown, options?: RequestOptions) => apiRequest('PATCH', path, body, options),
  delete: (path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest('DELETE', path, body, options),
};

/** What one call sends (ADR 0031); a body may also be a FormData (an upload). */
export type CallInput<E extends AnyEndpoint> = Omit<EndpointInput<E>, 'body'> & {
  body?: BodyInputOf<E> | FormData;
};

/** The address of one call: the endpoint's path with its params, and the query string. */
export const urlOf = <E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>): string =>
  addressOf(endpoint, input as EndpointInput<E> | undefined);

/**
 * Calls an endpoint of the contract (ADR 0031) and answers its parsed, typed success answer. The answer's
 * schema loads beside the request (a chunk of its own for code in the first bundle), so the call waits
 * for whichever comes last. A drifted answer is a clear error, never a silent cast.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options]: PathParamNames<E['path']> extends never
    ? [input?: CallInput<E>, options?: RequestOptions]
    : [input: CallInput<E>, options?: RequestOptions]
): Promise<AnswerOf<E>> {
  const url = urlOf(endpoint, input);
  // A signed-in page's first GETs may have come with its HTML (boot-answers.ts): read like any answer.
  const booted = endpoint.method === 'GET' ? takeBootAnswer(url) : undefined;
  const request =
    booted === undefined ? apiRequest(endpoint.method, url, input?.body, options) : Promise.resolve(booted);
  const [answer, schemas] = await Promise.all([request, endpoint.schemas()]);
  const schema = successSchemaOf(schemas);
  if (!schema) return answer as AnswerOf<E>;
  return schema.parse(answer) as AnswerOf<E>;
}
