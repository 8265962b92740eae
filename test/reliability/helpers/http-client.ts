/**
 * A small client for the product's HTTP API in reliability tests: JSON requests, and POSTs
 * answered with server-sent events collected into a list. Every request has a time limit, so a
 * hung route fails the test instead of stalling it.
 */

/** One answer: the status and the parsed JSON body (or the raw text when it is not JSON). */
export interface JsonAnswer<T = unknown> {
  status: number;
  body: T;
}

/** One server-sent event: its name and its parsed JSON data. */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/** An event-stream answer: the status, the content type and every event in order. */
export interface EventAnswer {
  status: number;
  contentType: string;
  events: ServerEvent[];
}

const DEFAULT_TIMEOUT_MS = 120_000;

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends a request with an optional JSON body and parses the JSON answer. */
export async function requestJson<T = unknown>(url: string, options: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    ...(options.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  return { status: response.status, body: parseOrText(await response.text()) as T };
}

/** Splits an event-stream text into its events (`event:` and `data:` lines, blank-line separated). */
export function parseEventStream(text: string): ServerEvent[] {
  const events: ServerEvent[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) events.push({ event, data: parseOrText(data.join('\n')) });
  }
  return events;
}

/** POSTs a JSON body to a route that answers with server-sent events and reads the stream to its end. */
export async function postForEvents(url: string, body: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<EventAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const contentType = response.headers.get('content-type') ?? '';
  return { status: response.status, contentType, events: parseEventStream(await response.text()) };
}

/** The data of the events with this name, in order. */
export function eventsNamed<T = unknown>(answer: EventAnswer, name: string): T[] {
  return answer.events.filter((event) => event.event === name).map((event) => event.data as T);
}
