import type { ChatMessage, ModelRequest } from '../../protocol/index.js';
import type { Model } from '../ports/index.js';
import type { SecretScrubber } from './secret-scrubber.js';

async function scrubMessage(message: ChatMessage, scrubber: SecretScrubber): Promise<ChatMessage> {
  const content = (await scrubber.scrub(message.content)).text;
  if (!message.toolCalls) return { ...message, content };
  const toolCalls = await Promise.all(message.toolCalls.map(async (call) => ({ ...call, arguments: (await scrubber.scrub(call.arguments)).text })));
  return { ...message, content, toolCalls };
}

/** A request with every message (and every native tool call's arguments) scrubbed of secrets. */
export async function scrubModelRequest(request: ModelRequest, scrubber: SecretScrubber): Promise<ModelRequest> {
  const messages = await Promise.all(request.messages.map((message) => scrubMessage(message, scrubber)));
  return { ...request, messages };
}

/**
 * The scrubbing boundary of model traffic: a model whose every request is scrubbed before it
 * leaves — the writer's messages, file contents in tool results, phase-2 data, retries — whoever
 * built it. Everything else about the model (name, endpoint, what its server reports) is the
 * wrapped model's own.
 */
export function scrubbingModel(model: Model, scrubber: SecretScrubber): Model {
  const complete = async (request: ModelRequest) => model.complete(await scrubModelRequest(request, scrubber));
  return new Proxy(model, {
    get(target, key) {
      if (key === 'complete') return complete;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
