import { ControlRoomError, type ChatMessage, type ModelRequest } from '../../protocol/index.js';

/** A chat-completions request body as sent on the wire. */
export type WireRequest = Record<string, unknown>;

/** Maps our request to the OpenAI chat-completions body (`POST <baseUrl>/chat/completions`). */
export function toWireRequest(model: string, request: ModelRequest, stream: boolean): WireRequest {
  const body: WireRequest = { model, messages: request.messages.map(toWireMessage) };
  if (request.responseFormat !== undefined) body['response_format'] = request.responseFormat;
  if (request.tools !== undefined && request.tools.length > 0) {
    body['tools'] = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  if (request.toolChoice !== undefined) {
    body['tool_choice'] =
      typeof request.toolChoice === 'string' ? request.toolChoice : { type: 'function', function: { name: request.toolChoice.name } };
  }
  if (request.temperature !== undefined) body['temperature'] = request.temperature;
  if (request.maxTokens !== undefined) body['max_tokens'] = request.maxTokens;
  if (stream) {
    body['stream'] = true;
    body['stream_options'] = { include_usage: true };
  }
  return body;
}

function toWireMessage(message: ChatMessage, position: number): Record<string, unknown> {
  if (message.role === 'tool') {
    if (message.toolCallId === undefined || message.toolCallId === '') {
      throw new ControlRoomError('internal_error', `Message ${position} is a tool result without toolCallId; set it to the id of the call it answers.`, {
        fault: 'system',
      });
    }
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
  if (message.role === 'assistant' && message.toolCalls !== undefined && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    };
  }
  return { role: message.role, content: message.content };
}
