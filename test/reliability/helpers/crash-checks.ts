/**
 * What the crash test checks after each restart, through the HTTP API of the restarted server and
 * by opening the stores directly. Each check returns the problems it found (empty when all is
 * well), with enough context to say which kill and which request broke a promise.
 */
import { INTERRUPTED_FAILURE_CODE, type TracedRound } from '../../../src/protocol/index.js';
import { JsonIssueStore } from '../../../src/adapters/json-issue-store/index.js';
import { verifyWorkspaceAudit } from '../../../src/adapters/jsonl-audit-log/index.js';
import { openSqliteTraceStore } from '../../../src/adapters/sqlite-trace-store/index.js';
import type { SentRequest } from './crash-traffic.js';
import { eventOrderProblems, tornSessionLogs, unparseableJson } from './store-checks.js';

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

/** Every traced round, from `GET /api/traces/export`. */
export async function exportedRounds(url: string): Promise<TracedRound[]> {
  const text = await (await fetch(`${url}/api/traces/export`)).text();
  return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as TracedRound);
}

/** A round is closed, numbered 1..n, and — when interrupted — ends with the recovery event after its own events. */
export function roundProblems(traced: TracedRound): string[] {
  const { round, events } = traced;
  const problems = eventOrderProblems(traced);
  if (!['ok', 'partial', 'failed'].includes(round.status)) problems.push(`${round.round_id}: status ${round.status} after a restart`);
  if (round.status === 'ok' && !events.some((event) => event.event_type === 'output.emitted')) problems.push(`${round.round_id}: ok without output.emitted`);
  if (round.status === 'partial') {
    const last = events.at(-1);
    if (last?.event_type !== 'round.failed' || last.failure_code !== INTERRUPTED_FAILURE_CODE || round.failure_code !== INTERRUPTED_FAILURE_CODE) {
      problems.push(`${round.round_id}: partial, but its last event is ${last?.event_type}/${last?.failure_code}`);
    }
    // Killed right after the round began, it holds only the recovery event; otherwise its own events come first.
    if (events.length > 1 && events[0]?.event_type !== 'input.received') problems.push(`${round.round_id}: partial round starts with ${events[0]?.event_type}`);
  }
  return problems;
}

/** Receipt ids of each conversation as the server lists them, each with whether it verified. */
async function receiptsByConversation(url: string): Promise<Map<string, Map<string, boolean>>> {
  const found = new Map<string, Map<string, boolean>>();
  for (const session of (await getJson<{ sessions: string[] }>(`${url}/api/audit/sessions`)).body.sessions) {
    const { body } = await getJson<{ receipts: Array<{ receipt_id: string; verified: boolean }> }>(`${url}/api/audit/sessions/${session}/receipts`);
    found.set(session, new Map(body.receipts.map((receipt) => [receipt.receipt_id, receipt.verified])));
  }
  return found;
}

/** The marker of the request a round answers, from its `input.received` event. */
export function markerOf(traced: TracedRound): string | null {
  const first = traced.events.find((event) => event.event_type === 'input.received');
  return /\bMK-[a-z0-9-]+-MK\b/.exec(String((first?.payload as { raw_text?: unknown } | undefined)?.raw_text ?? ''))?.[0] ?? null;
}

/** Requests against the stores: answered ones whole (round ok, receipts signed), cut ones partial at worst, nothing the client saw missing. */
export async function requestProblems(url: string, rounds: readonly TracedRound[], sent: readonly SentRequest[]): Promise<string[]> {
  const problems: string[] = [];
  const receipts = await receiptsByConversation(url);
  const byMarker = new Map<string, TracedRound[]>();
  for (const traced of rounds) {
    const own = markerOf(traced);
    if (own !== null) byMarker.set(own, [...(byMarker.get(own) ?? []), traced]);
    for (const event of traced.events.filter((candidate) => candidate.event_type === 'tool.response')) {
      const id = (event.payload as { receipt_id?: unknown }).receipt_id;
      if (typeof id === 'string' && receipts.get(traced.round.conversation_id)?.get(id) !== true) problems.push(`${traced.round.round_id}: traced receipt ${id} is not in the signed log`);
    }
  }
  const signed = (request: SentRequest, id: string): void => {
    if (receipts.get(request.conversation)?.get(id) !== true) problems.push(`${request.marker} (${request.outcome}): receipt ${id} it was told about is missing or unverified`);
  };
  for (const request of sent) {
    const matched = byMarker.get(request.marker) ?? [];
    if (request.outcome === 'refused') problems.push(`${request.marker}: refused: ${request.error}`);
    if (matched.length > 1) problems.push(`${request.marker}: ${matched.length} rounds`);
    const traced = matched[0];
    request.streamed.receipts.forEach((id) => signed(request, id));
    if (request.result !== null) {
      if (traced?.round.round_id !== request.result.traceRoundId || traced.round.status !== 'ok') {
        problems.push(`${request.marker}: answered, but its round ${request.result.traceRoundId} is ${traced?.round.status ?? 'missing'}`);
      }
      request.result.receipts.forEach((id) => signed(request, id));
      if (request.result.issueId !== null && (await fetch(`${url}/api/issues/${request.result.issueId}`)).status !== 200) problems.push(`${request.marker}: its issue ${request.result.issueId} is gone`);
      continue;
    }
    if (traced === undefined) {
      if (request.streamed.receipts.length + request.streamed.entries > 0) problems.push(`${request.marker}: streamed progress but has no round`);
      continue;
    }
    const emitted = traced.events.filter((event) => event.event_type === 'output.emitted').length;
    if (emitted < request.streamed.entries) problems.push(`${request.marker}: ${request.streamed.entries} entries streamed, ${emitted} traced`);
  }
  return problems;
}

/** The stores opened directly, as another process would: traces, receipts, issues, every JSON file, every log end. */
export async function directStoreProblems(dir: string, rounds: readonly TracedRound[]): Promise<string[]> {
  const problems: string[] = [];
  const traces = await openSqliteTraceStore(dir);
  try {
    const headers = await traces.listRounds({ limit: 10_000 });
    const expected = new Map(rounds.map((traced) => [traced.round.round_id, traced.round.status]));
    if (headers.length !== expected.size) problems.push(`trace store lists ${headers.length} rounds, the export ${expected.size}`);
    for (const header of headers) {
      if (expected.get(header.round_id) !== header.status) problems.push(`${header.round_id}: ${header.status} directly, ${expected.get(header.round_id)} over HTTP`);
      if (header.status === 'partial') problems.push(...roundProblems((await traces.getRound(header.round_id))!));
    }
  } finally {
    await traces.close();
  }
  const { report } = await verifyWorkspaceAudit(dir);
  if (!report.ok) problems.push(`audit verify: ${JSON.stringify(report.firstBad)}`);
  await new JsonIssueStore(dir).list().catch((error: Error) => problems.push(`issue store: ${error.message}`));
  problems.push(...(await unparseableJson(dir)).map((broken) => `${broken.file} does not parse: ${broken.error}`));
  problems.push(...(await tornSessionLogs(dir)).map((file) => `${file} still ends mid-line`));
  return problems;
}

/** The HTTP side: verify, issues, conferences. */
export async function apiProblems(url: string, conferences: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const verify = await getJson<{ ok: boolean; firstBad: unknown }>(`${url}/api/audit/verify`);
  if (verify.status !== 200 || !verify.body.ok) problems.push(`GET /api/audit/verify: ${verify.status} ${JSON.stringify(verify.body)}`);
  const issues = await getJson<{ issues?: unknown[] }>(`${url}/api/issues`);
  if (issues.status !== 200 || !Array.isArray(issues.body.issues)) problems.push(`GET /api/issues: ${issues.status}`);
  for (const id of conferences) {
    const conference = await fetch(`${url}/api/conferences/${id}`);
    if (conference.status !== 200) problems.push(`GET /api/conferences/${id}: ${conference.status}`);
    await conference.body?.cancel();
  }
  return problems;
}
