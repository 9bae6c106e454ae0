import type { ErrorBody, ErrorCode } from '../../contracts/errors';
import type {
  BodyInputOf,
  Endpoint,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '../../contracts/endpoint';

/** A refusal from the API, carrying the server's code and sentences. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly errors: string[],
  ) {
    super(message);
  }
}

export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    // A proxy's HTML error page or an empty body: fall back to the generic sentence.
  }
  const message =
    response.status >= 500 || !body.message ? 'An error occurred. Please try again.' : body.message;
  return new ApiError(response.status, body.code ?? 'INTERNAL', message, body.errors ?? [message]);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(
      0,
      'NETWORK',
      'Cannot reach the server. Check the connection and try again.',
      ['Cannot reach the server. Check the connection and try again.'],
    );
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

type CallArgs<E extends Endpoint> = {
  params?: ParamsOf<E>;
  body?: BodyInputOf<E>;
  query?: QueryOf<E> | Record<string, string>;
};

/** Calls one endpoint of the shared contract; the response type comes from its schema. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  args: CallArgs<E> = {},
): Promise<ResponseOf<E>> {
  let url = buildPath(endpoint.path, (args.params ?? {}) as Record<string, unknown>);
  if (args.query) {
    const search = new URLSearchParams(args.query as Record<string, string>).toString();
    if (search) url += `?${search}`;
  }
  const hasBody = args.body !== undefined && endpoint.method !== 'GET';
  const response = await send(url, {
    method: endpoint.method,
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(args.body) : undefined,
  });
  return (await response.json()) as ResponseOf<E>;
}

/** Multipart calls (uploads): same error handling, FormData body. */
export async function callApiForm<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  params: Record<string, unknown> = {},
): Promise<ResponseOf<E>> {
  const response = await send(buildPath(endpoint.path, params), {
    method: endpoint.method,
    body: form,
  });
  return (await response.json()) as ResponseOf<E>;
}

/** The sentence to show for any failure, whatever was thrown. */
export function errorMessage(
  error: unknown,
  fallback = 'An error occurred. Please try again.',
): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
