/**
 * A loopback model server in its own process, so the benchmark process's CPU time is the
 * harness's alone. Two models: `loopback-model` answers at once (the transport's floor);
 * `paced-model` answers like a 7–8B model on a writer's own GPU or Apple laptop (first token after
 * FIRST_TOKEN_MS, then TOKENS_PER_SECOND, a token being about four characters). Prints
 * `{"baseUrl", "firstTokenMs", "tokensPerSecond"}` once listening; exits when its parent closes stdin.
 * `native-model` plays the same script with native tool calls, for clients that send `tools`.
 */
import { startLoopbackModelServer, type LoopbackRequestBody, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { nativeToolReply, scriptedReplyText } from './round-script.js';

const FIRST_TOKEN_MS = 250;
const TOKENS_PER_SECOND = 50;
const STEPS = 200_000;

const instant: LoopbackStep = (body: LoopbackRequestBody) => ({ content: scriptedReplyText(body.messages ?? []) });
const paced: LoopbackStep = (body: LoopbackRequestBody) => {
  const content = scriptedReplyText(body.messages ?? []);
  return { content, delayMs: FIRST_TOKEN_MS + Math.round(((content.length / 4) * 1000) / TOKENS_PER_SECOND) };
};

const native: LoopbackStep = (body: LoopbackRequestBody) => nativeToolReply(body.messages ?? []);

const server = await startLoopbackModelServer({
  models: {
    'loopback-model': Array.from({ length: STEPS }, () => instant),
    'native-model': Array.from({ length: STEPS }, () => native),
    'paced-model': Array.from({ length: 1000 }, () => paced),
  },
});
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, firstTokenMs: FIRST_TOKEN_MS, tokensPerSecond: TOKENS_PER_SECOND })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
