/**
 * The HTTP API, one function per endpoint (contract: the API brief and SPEC §11). Every call goes
 * through `fetch`; failures throw `ApiError` with the server's code.
 */
import { APP_REQUEST_HEADER, APP_REQUEST_HEADER_VALUE } from '../../../src/protocol/index.js';
import { errorFrom } from './api-error.js';
import { readEventStream } from './event-stream.js';
import type { ApiMethod, ApiPath, RequestBody, ResponseBody } from './api-body.js';
import type {
  ApiSchema,
  ChatRequest,
  ChatResult,
  ChatStreamEvent,
  ConferenceRoundResult,
  ConferenceRoundStreamEvent,
  StreamedEntry,
  StreamEventData,
  ToolRun,
} from './types.js';

/** What a route answers: `Answer<'/api/tasks/{id}'>` for a GET, `Answer<'/api/tasks', 'post'>` otherwise. */
type Answer<Path extends ApiPath, Method extends ApiMethod<Path> = ApiMethod<Path> & 'get'> = ResponseBody<Path, Method>;

const TOKEN_KEY = 'control-room.token';

/**
 * A server bound beyond loopback asks for its access token (`Authorization: Bearer`). The token is
 * kept for this browser tab only.
 */
export function setAccessToken(token: string | null): void {
  if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
  else window.sessionStorage.removeItem(TOKEN_KEY);
}

/** The access token header, when the writer gave one (for requests made outside `api`, such as uploads of a form). */
export function authorization(): Record<string, string> {
  const token = window.sessionStorage.getItem(TOKEN_KEY);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * What the server asks of every request that changes something, bodiless ones included: a JSON
 * content type and the app's own header — neither of which a page of another site can send.
 */
function stateChange(method: string | undefined): Record<string, string> {
  if (method === undefined || method === 'GET' || method === 'HEAD') return {};
  return { 'content-type': 'application/json', [APP_REQUEST_HEADER]: APP_REQUEST_HEADER_VALUE };
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...stateChange(init.method), ...authorization(), ...init.headers },
  });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}

const send = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  request<T>(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const segment = encodeURIComponent;

/** Posts a body and reads the server-sent events of the answer. */
async function stream(path: string, body: unknown, onEvent: (name: string, payload: unknown) => void, signal?: AbortSignal): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { accept: 'text/event-stream', ...stateChange('POST'), ...authorization() },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await errorFrom(response);
  // A server that answers the whole result as JSON instead of a stream is read as one `done` event.
  if (response.headers.get('content-type')?.includes('application/json')) return onEvent('done', await response.json());
  await readEventStream(response, onEvent);
}

export const api = {
  health: () => request<Answer<'/api/health'>>('/api/health'),

  agents: () => request<Answer<'/api/agents'>>('/api/agents').then((body) => body.agents),
  setMuted: (agentId: string, muted: boolean) => send<Answer<'/api/agents/{id}', 'patch'>>('PATCH', `/api/agents/${segment(agentId)}`, { muted }),

  modelSettings: () => request<Answer<'/api/settings/models'>>('/api/settings/models'),
  saveModelSettings: (update: RequestBody<'/api/settings/models', 'put'>) => send<Answer<'/api/settings/models', 'put'>>('PUT', '/api/settings/models', update),
  modelServers: () => request<Answer<'/api/models'>>('/api/models'),

  tree: () => request<Answer<'/api/vfs/tree'>>('/api/vfs/tree'),
  file: (path: string) => request<Answer<'/api/vfs/file'>>(`/api/vfs/file?path=${segment(path)}`),

  startConference: (attendees: string[]) => send<Answer<'/api/conferences', 'post'>>('POST', '/api/conferences', { attendees }),
  conference: (id: string) => request<Answer<'/api/conferences/{id}'>>(`/api/conferences/${segment(id)}`),
  invite: (id: string, agentId: string) => send<Answer<'/api/conferences/{id}/attendees', 'post'>>('POST', `/api/conferences/${segment(id)}/attendees`, { agentId }),
  /** Mutes or unmutes an attendee for this conference only. */
  muteAttendee: (id: string, agentId: string, muted: boolean) =>
    send<Answer<'/api/conferences/{id}/attendees/{agentId}', 'patch'>>('PATCH', `/api/conferences/${segment(id)}/attendees/${segment(agentId)}`, { muted }),
  remove: (id: string, agentId: string) => send<Answer<'/api/conferences/{id}/attendees/{agentId}', 'delete'>>('DELETE', `/api/conferences/${segment(id)}/attendees/${segment(agentId)}`),
  /** Runs one round, streaming each agent's entry as it is decided. */
  runRound: (id: string, message: string, handlers: RoundHandlers, signal?: AbortSignal, toolPolicy?: RequestBody<'/api/conferences/{id}/rounds', 'post'>['toolPolicy']) =>
    stream(`/api/conferences/${segment(id)}/rounds`, { message, stream: true, ...(toolPolicy ? { toolPolicy } : {}) }, (name, payload) => dispatchRound(name, payload, handlers), signal),

  /** One 1:1 chat turn, streaming the answer's text as it arrives. */
  chat: (body: ChatRequest, handlers: ChatHandlers, signal?: AbortSignal) =>
    stream('/api/ai/chat', { ...body, stream: true }, (name, payload) => dispatchChat(name, payload, handlers), signal),

  issues: (status: 'open' | 'closed' | 'all' = 'all') => request<Answer<'/api/issues'>>(`/api/issues?status=${status}`).then((body) => body.issues),
  issue: (id: string) => request<Answer<'/api/issues/{id}'>>(`/api/issues/${segment(id)}`),
  /** Closes (a signed, undoable command) or reopens an issue. */
  /** Marks the continuity finding behind an issue as intentional: not raised again for the same lines. */
  markIntentional: (id: string) => send<Answer<'/api/issues/{id}/intentional', 'post'>>('POST', `/api/issues/${segment(id)}/intentional`),
  setIssueStatus: (id: string, status: RequestBody<'/api/issues/{id}/status', 'post'>['status']) => send<Answer<'/api/issues/{id}/status', 'post'>>('POST', `/api/issues/${segment(id)}/status`, { status }),

  /** The finished turns of a 1:1 chat session, for the conversation after a reload. */
  chatSessions: (agentId?: string) =>
    request<Answer<'/api/chat/sessions'>>(`/api/chat/sessions${agentId ? `?agent=${segment(agentId)}` : ''}`).then((body) => body.sessions),
  chatSession: (sessionId: string) => request<Answer<'/api/chat/sessions/{id}'>>(`/api/chat/sessions/${segment(sessionId)}`).then((body) => body.turns),

  /** Asks for a change: the planner and actor propose it, the level decides whether it waits for confirmation. */
  executeTask: (goal: string, signal?: AbortSignal) => request<Answer<'/api/ai/task/execute', 'post'>>('/api/ai/task/execute', { method: 'POST', body: JSON.stringify({ goal }), ...(signal ? { signal } : {}) }),
  tasks: (limit = 100) => request<Answer<'/api/tasks'>>(`/api/tasks?limit=${limit}`).then((body) => body.tasks),
  task: (id: string) => request<Answer<'/api/tasks/{id}'>>(`/api/tasks/${segment(id)}`),
  taskChanges: (id: string) => request<Answer<'/api/tasks/{id}/changes'>>(`/api/tasks/${segment(id)}/changes`),
  undoTask: (id: string) => send<Answer<'/api/tasks/{id}/undo', 'post'>>('POST', `/api/tasks/${segment(id)}/undo`),
  confirmations: (status: 'pending' | 'confirmed' | 'refused' | 'all' = 'pending') =>
    request<Answer<'/api/confirmations'>>(`/api/confirmations?status=${status}`).then((body) => body.confirmations),
  /** One answer to a confirmation; the second acceptance of a level-4 change carries the step token of the first. */
  answerConfirmation: (id: string, answer: RequestBody<'/api/confirmations/{id}', 'post'>) => send<Answer<'/api/confirmations/{id}', 'post'>>('POST', `/api/confirmations/${segment(id)}`, answer),

  memoryBuckets: () => request<Answer<'/api/memory/buckets'>>('/api/memory/buckets').then((body) => body.buckets),
  memoryPackage: (bucketId: string) => request<Answer<'/api/memory/{bucket}'>>(`/api/memory/${segment(bucketId)}`),
  searchMemory: (query: string, bucketId?: string) =>
    request<Answer<'/api/memory/search'>>(`/api/memory/search?q=${segment(query)}${bucketId ? `&bucket=${segment(bucketId)}` : ''}`).then((body) => body.hits),
  remember: (bucketId: string, content: string, pinned: boolean) => send<Answer<'/api/memory/{bucket}/items', 'post'>>('POST', `/api/memory/${segment(bucketId)}/items`, { content, pinned }),
  pinMemory: (itemId: string, pinned: boolean) => send<Answer<'/api/memory/items/{id}/pin', 'post'>>('POST', `/api/memory/items/${segment(itemId)}/pin`, { pinned }),

  canonStatus: () => request<Answer<'/api/canon/index/status'>>('/api/canon/index/status'),
  canonFacts: () => request<Answer<'/api/canon/facts'>>('/api/canon/facts').then((body) => body.facts),
  /** Asks to rebuild the canon index: a level-3 command, so it answers with the confirmation to give. */
  rebuildCanon: (mode: 'auto' | 'model' | 'deterministic' = 'auto') => send<Answer<'/api/canon/index', 'post'>>('POST', '/api/canon/index', { mode }),

  recipes: () => request<Answer<'/api/recipes'>>('/api/recipes').then((body) => body.recipes),
  runs: () => request<Answer<'/api/runs'>>('/api/runs').then((body) => body.runs),
  run: (id: string) => request<Answer<'/api/runs/{id}'>>(`/api/runs/${segment(id)}`),
  runSteps: (id: string) => request<Answer<'/api/runs/{id}/steps'>>(`/api/runs/${segment(id)}/steps`).then((body) => body.steps),
  startRun: (recipe: string, args: Record<string, unknown> = {}) => send<Answer<'/api/runs', 'post'>>('POST', '/api/runs', { recipe, args }).then((body) => body.run),
  cancelRun: (id: string) => send<Answer<'/api/runs/{id}/cancel', 'post'>>('POST', `/api/runs/${segment(id)}/cancel`).then((body) => body.run),

  audioClips: () => request<Answer<'/api/audio'>>('/api/audio').then((body) => body.clips),
  /** Uploads a clip as its raw bytes (the server reads the format from them). */
  uploadAudio: (file: Blob) =>
    request<Answer<'/api/audio', 'post'>>('/api/audio', {
      method: 'POST',
      body: file,
      headers: { 'content-type': file.type && file.type.startsWith('audio/') ? file.type : 'application/octet-stream' },
    }).then((body) => body.artifact),
  pinAudio: (id: string, pinned: boolean) => send<Answer<'/api/audio/{id}/pin', 'post'>>('POST', `/api/audio/${segment(id)}/pin`, { pinned }).then((body) => body.artifact),
  /** A clip's bytes (fetched like every other request, so a server's access token goes with it). */
  audioBlob: async (id: string): Promise<Blob> => {
    const response = await fetch(`/api/audio/${segment(id)}/content`, { headers: { accept: 'audio/*', ...authorization() } });
    if (!response.ok) throw await errorFrom(response);
    return response.blob();
  },
  /** The API's own OpenAPI document (the web app finds optional routes in it). */
  openApi: () => request<unknown>('/api/openapi.json'),
  /** A GET of a route found in the OpenAPI document, answered as JSON. */
  getJson: (path: string) => request<unknown>(path),

  /** Runs one writing tool (with a signed receipt in the session). */
  runTool: <T = Record<string, unknown>>(toolId: string, args: Record<string, unknown>, sessionId?: string) =>
    send<ToolRun<T>>('POST', `/api/tools/${segment(toolId)}/run`, { args, ...(sessionId ? { sessionId } : {}) }),
  timeline: () => request<Answer<'/api/story/timeline'>>('/api/story/timeline'),

  sessions: () => request<Answer<'/api/audit/sessions'>>('/api/audit/sessions').then((body) => body.sessions),
  receipts: (sessionId: string) =>
    request<Answer<'/api/audit/sessions/{id}/receipts'>>(`/api/audit/sessions/${segment(sessionId)}/receipts`).then((body) => body.receipts),
  /** Checks the whole audit log; with a pinned fingerprint, also that the workspace's key is that one. */
  verifyAudit: (pinnedFingerprint?: string) =>
    request<Answer<'/api/audit/verify'>>(`/api/audit/verify${pinnedFingerprint ? `?pubkey=${segment(pinnedFingerprint)}` : ''}`),
  /** The audit signing key's fingerprint and public key, to write down or export. */
  auditKey: () => request<Answer<'/api/audit/key'>>('/api/audit/key'),

  telemetry: () => request<Answer<'/api/telemetry'>>('/api/telemetry'),
  channelMetrics: () => request<Answer<'/api/telemetry/channels'>>('/api/telemetry/channels'),
  traceRounds: (limit = 30) => request<Answer<'/api/traces/rounds'>>(`/api/traces/rounds?limit=${limit}`).then((body) => body.rounds),
  traceRound: (id: string) => request<Answer<'/api/traces/rounds/{id}'>>(`/api/traces/rounds/${segment(id)}`),

  conversationState: (id: string) => request<Answer<'/api/conversations/{id}/state'>>(`/api/conversations/${segment(id)}/state`),
  setConversationState: (id: string, state: RequestBody<'/api/conversations/{id}/state', 'put'>['state']) => send<Answer<'/api/conversations/{id}/state', 'put'>>('PUT', `/api/conversations/${segment(id)}/state`, { state }),
  flags: () => request<Answer<'/api/flags'>>('/api/flags'),

  notifications: (all = false) => request<Answer<'/api/notifications'>>(`/api/notifications${all ? '?all=true' : ''}`),
  dismissNotification: (id: string) => send<Answer<'/api/notifications/{id}/dismiss', 'post'>>('POST', `/api/notifications/${segment(id)}/dismiss`).then((body) => body.notification),
  dismissAllNotifications: () => send<Answer<'/api/notifications/dismiss-all', 'post'>>('POST', '/api/notifications/dismiss-all').then((body) => body.dismissed),
  createIssueFromChat: (sessionId: string, title?: string) =>
    send<Answer<'/api/chat/sessions/{id}/issue', 'post'>>('POST', `/api/chat/sessions/${segment(sessionId)}/issue`, title ? { title } : {}),
};

export interface ChatHandlers {
  onDelta: (text: string) => void;
  onReceipt?: (receiptId: string, status: string) => void;
  onRejection?: (code: string) => void;
  onDone: (result: ChatResult) => void;
}

export interface RoundHandlers {
  onPhase?: (phase: number) => void;
  /** A phase-1 tool run finished with a signed receipt. */
  onReceipt?: (receiptId: string, toolId: string) => void;
  onEntry: (entry: StreamedEntry) => void;
  onDone: (result: ConferenceRoundResult) => void;
}

/** A streamed failure: the server's `error` event, thrown so the caller handles it like any failure. */
export class StreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

function failure(payload: unknown): StreamError {
  // An `error` event carries the failure itself; a JSON answer wraps it as the error body does.
  const body = (payload ?? {}) as Partial<ApiSchema<'StreamError'> & ApiSchema<'ErrorBody'>>;
  const error = body.error ?? body;
  return new StreamError(error.code ?? 'stream_error', error.message ?? 'The server stopped the answer.');
}

type RoundData<Name extends ConferenceRoundStreamEvent['event']> = StreamEventData<ConferenceRoundStreamEvent, Name>;
type ChatData<Name extends ChatStreamEvent['event']> = StreamEventData<ChatStreamEvent, Name>;

function dispatchRound(name: string, payload: unknown, handlers: RoundHandlers): void {
  if (name === 'phase') handlers.onPhase?.(Number((payload as Partial<RoundData<'phase'>>).phase ?? 0));
  else if (name === 'receipt') {
    const receipt = payload as Partial<RoundData<'receipt'>>;
    handlers.onReceipt?.(String(receipt.receiptId), String(receipt.toolId));
  }
  else if (name === 'entry') handlers.onEntry(payload as StreamedEntry);
  else if (name === 'done') handlers.onDone(payload as ConferenceRoundResult);
  else if (name === 'error') throw failure(payload);
}

function dispatchChat(name: string, payload: unknown, handlers: ChatHandlers): void {
  const body = payload as Partial<ChatData<'delta'> & ChatData<'receipt'> & ChatData<'rejection'>>;
  if (name === 'delta') handlers.onDelta(String(body.text ?? ''));
  else if (name === 'receipt') handlers.onReceipt?.(String(body.receiptId), String(body.status));
  else if (name === 'rejection') handlers.onRejection?.(String(body.code));
  else if (name === 'done') handlers.onDone(payload as ChatResult);
  else if (name === 'error') throw failure(payload);
}
