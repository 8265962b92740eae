import type { ChatMessage, ModelRequest, ModelResponse, NativeToolCall } from '../../protocol/index.js';
import { isTransientHttpStatus, modelError } from '../../core/streaming/index.js';
import { record } from './get-json.js';

/** Ollama's own chat message shape: tool calls carry their arguments as objects. */
function toOllamaMessage(message: ChatMessage, toolNames: ReadonlyMap<string, string>): Record<string, unknown> {
  if (message.role === 'tool') {
    const name = message.toolCallId ? toolNames.get(message.toolCallId) : undefined;
    return { role: 'tool', content: message.content, ...(name ? { tool_name: name } : {}) };
  }
  const calls = message.toolCalls ?? [];
  if (message.role === 'assistant' && calls.length > 0) {
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: calls.map((call) => {
        let args: unknown = {};
        try {
          args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
        } catch {
          args = {};
        }
        return { function: { name: call.name, arguments: args } };
      }),
    };
  }
  return { role: message.role, content: message.content };
}

/** The `/api/chat` body: messages, the JSON schema as `format`, native tools, and the context size. */
export function toOllamaChatBody(model: string, request: ModelRequest, numCtx: number): Record<string, unknown> {
  const toolNames = new Map<string, string>();
  for (const message of request.messages) for (const call of message.toolCalls ?? []) toolNames.set(call.id, call.name);
  const options: Record<string, unknown> = { num_ctx: numCtx };
  if (request.temperature !== undefined) options['temperature'] = request.temperature;
  if (request.maxTokens !== undefined) options['num_predict'] = request.maxTokens;
  return {
    model,
    messages: request.messages.map((message) => toOllamaMessage(message, toolNames)),
    stream: false,
    ...(request.responseFormat ? { format: request.responseFormat.json_schema.schema } : {}),
    ...(request.tools && request.tools.length > 0
      ? { tools: request.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } })) }
      : {}),
    options,
  };
}

/** Reads an `/api/chat` answer: content, `thinking`, tool calls (arguments as JSON text) and token counts. */
export function fromOllamaChatBody(text: string, requestedModel: string, latencyMs: number): ModelResponse {
  let body: Record<string, unknown> | undefined;
  try {
    body = record(JSON.parse(text));
  } catch {
    body = undefined;
  }
  const message = record(body?.['message']);
  if (!body || !message) throw modelError('model_bad_response', 'Ollama answered /api/chat without a message.', { transient: false, body: text });
  const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
  const toolCalls: NativeToolCall[] = calls.flatMap((call, index) => {
    const fn = record(record(call)?.['function']);
    if (!fn || typeof fn['name'] !== 'string') return [];
    const args = fn['arguments'];
    return [{ id: `call_${index}`, name: fn['name'], arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) }];
  });
  const content = typeof message['content'] === 'string' ? message['content'] : '';
  if (content.trim() === '' && toolCalls.length === 0) {
    throw modelError('model_empty_response', `The model "${requestedModel}" returned an empty reply through Ollama's /api/chat; try again, or raise num_predict.`, { transient: true });
  }
  const prompt = body['prompt_eval_count'];
  const completion = body['eval_count'];
  return {
    content,
    reasoning: typeof message['thinking'] === 'string' ? message['thinking'] : '',
    toolCalls,
    finishReason: typeof body['done_reason'] === 'string' ? body['done_reason'] : 'stop',
    model: typeof body['model'] === 'string' ? body['model'] : requestedModel,
    latencyMs,
    ...(typeof prompt === 'number' || typeof completion === 'number'
      ? { usage: { promptTokens: typeof prompt === 'number' ? prompt : 0, completionTokens: typeof completion === 'number' ? completion : 0 } }
      : {}),
  };
}

export interface OllamaChatOptions {
  origin: string;
  model: string;
  numCtx: number;
  apiKey?: string | null;
  timeoutMs: number;
}

/**
 * One chat through Ollama's native `/api/chat`, used when a prompt would not fit the window that
 * Ollama's OpenAI-compatible endpoint gives (its default `num_ctx`, where it cuts the prompt
 * without a word): here `options.num_ctx` sets the window and `format` carries the JSON schema.
 */
export async function ollamaChat(request: ModelRequest, options: OllamaChatOptions): Promise<ModelResponse> {
  const started = performance.now();
  const endpoint = `${options.origin}/api/chat`;
  const timeout = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(toOllamaChatBody(options.model, request, options.numCtx)), signal });
  } catch (error) {
    if (request.signal?.aborted) throw modelError('model_cancelled', `The request to "${options.model}" was cancelled.`, { transient: false }, error);
    if (timeout.aborted) throw modelError('model_timeout', `Ollama did not finish "${options.model}" within ${request.timeoutMs ?? options.timeoutMs} ms; a large context takes longer to load.`, { transient: true }, error);
    throw modelError('model_unreachable', `Could not reach Ollama at ${options.origin}; is it running?`, { transient: true }, error);
  }
  const text = await response.text();
  if (!response.ok) {
    const said = (() => {
      try {
        const error = record(JSON.parse(text))?.['error'];
        return typeof error === 'string' ? `: ${error}` : '';
      } catch {
        return '';
      }
    })();
    throw modelError('model_http_error', `Ollama answered HTTP ${response.status} for model "${options.model}"${said}.`, { status: response.status, transient: isTransientHttpStatus(response.status), body: text });
  }
  const answer = fromOllamaChatBody(text, options.model, performance.now() - started);
  request.onDelta?.({ kind: 'content', text: answer.content });
  return answer;
}
