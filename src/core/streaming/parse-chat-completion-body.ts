import { createChatCompletionAggregator, type AggregatedCompletion } from './chat-completion-aggregator.js';
import { modelError } from './model-error.js';
import { asObject, nonEmptyString } from './wire-values.js';

/**
 * Reads a non-streamed chat completion body. The message is replayed through the stream
 * aggregator as a single delta, so both paths separate reasoning and assemble calls identically.
 */
export function parseChatCompletionBody(text: string): AggregatedCompletion {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw modelError('model_bad_response', 'The model server answered with a body that is not JSON; is the base URL an OpenAI-compatible /v1 endpoint?', {
      transient: false,
      body: text,
    }, error);
  }
  const record = asObject(body);
  const error = record?.['error'];
  if (error !== undefined && error !== null) {
    const message = nonEmptyString(asObject(error)?.['message']) ?? (typeof error === 'string' ? error : JSON.stringify(error));
    throw modelError('model_bad_response', `The model server answered with an error object: ${message}`, { transient: false, body: text });
  }
  const choices = record?.['choices'];
  const choice = Array.isArray(choices) ? asObject(choices[0]) : undefined;
  const message = asObject(choice?.['message']);
  if (record === undefined || choice === undefined || message === undefined) {
    throw modelError('model_bad_response', 'The model server answered without `choices[0].message`; it does not look like a chat completion.', {
      transient: false,
      body: text,
    });
  }
  const calls = message['tool_calls'];
  // Non-streamed calls carry no `index`; their position is their index.
  const indexed = Array.isArray(calls) ? calls.map((call, index) => ({ ...asObject(call), index })) : undefined;
  const aggregator = createChatCompletionAggregator();
  aggregator.push({
    model: record['model'],
    usage: record['usage'],
    choices: [{ index: 0, delta: { ...message, tool_calls: indexed }, finish_reason: choice['finish_reason'] ?? 'stop' }],
  });
  aggregator.markDone();
  return aggregator.finish();
}
