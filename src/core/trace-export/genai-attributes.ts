/**
 * Attribute and event names of the OpenTelemetry GenAI semantic conventions that spans use.
 * The conventions are still incubating, and their package asks users to copy such names rather
 * than import them from its unstable entry point, so they are written out here.
 */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  /** The older name of the provider attribute; still read by many backends. */
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  conversationId: 'gen_ai.conversation.id',
  agentId: 'gen_ai.agent.id',
  agentName: 'gen_ai.agent.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  evaluationName: 'gen_ai.evaluation.name',
  evaluationScoreLabel: 'gen_ai.evaluation.score.label',
  evaluationScoreValue: 'gen_ai.evaluation.score.value',
  evaluationExplanation: 'gen_ai.evaluation.explanation',
} as const;

/** `gen_ai.operation.name` values. */
export const GEN_AI_OPERATION = { chat: 'chat', executeTool: 'execute_tool', invokeAgent: 'invoke_agent' } as const;

/** The event the conventions define for an evaluation's result: here, the evidence check. */
export const GEN_AI_EVALUATION_EVENT = 'gen_ai.evaluation.result';

/** The MCP conventions' method attribute, on rounds that served an MCP `tools/call`. */
export const MCP_METHOD_NAME = 'mcp.method.name';

/** `error.type`, on spans whose operation failed. */
export const ERROR_TYPE = 'error.type';

/**
 * The provider every HTTP model is reached as: an OpenAI-compatible endpoint. The conventions ask
 * a client to name the API it speaks when it cannot know the system behind it.
 */
export const DEFAULT_PROVIDER = 'openai';
