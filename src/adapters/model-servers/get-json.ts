/** What one look at a server endpoint found; never an exception. */
export type JsonAnswer = { ok: true; status: number; value: unknown } | { ok: false; status?: number; error: string };

/** GETs (or POSTs `body` to) a URL and reads JSON, within a short timeout. */
export async function getJson(url: string, options: { timeoutMs?: number; apiKey?: string | null; body?: unknown } = {}): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 1500),
    });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
    return { ok: false, error: cause };
  }
  try {
    const text = await response.text();
    if (!response.ok) return { ok: false, status: response.status, error: `HTTP ${response.status}` };
    return { ok: true, status: response.status, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, status: response.status, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The value as a record, or undefined. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A positive whole number, or undefined. */
export function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}
