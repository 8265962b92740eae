import type { components } from './generated/openapi-types.js';

/** What a failed call answers, read with care: a proxy or a crash may answer something else. */
type ErrorReply = Partial<Record<'error', Partial<components['schemas']['ErrorBody']['error']>>>;

/** A failed API call, carrying the server's stable error code and its message for the writer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Reads `{error:{code,message}}` from a failed response (or makes one up from the status). */
export async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as ErrorReply;
    if (body.error?.code) return new ApiError(response.status, body.error.code, body.error.message ?? body.error.code);
  } catch {
    // Not JSON: fall through to a generic error naming the status.
  }
  return new ApiError(response.status, `http_${response.status}`, `The server answered ${response.status} ${response.statusText}.`);
}

/** A message to show for any thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  if (error instanceof TypeError) return 'The Control Room server cannot be reached. Is `control-room serve` still running?';
  return error instanceof Error ? error.message : String(error);
}
