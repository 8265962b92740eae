import { describe, expect, it } from 'vitest';
import { runCli } from '../main.js';

async function check(reply: string, extra: string[] = []): Promise<{ status: number; body: Record<string, unknown> }> {
  let out = '';
  const io = { stdout: (text: string) => void (out += text), stderr: () => undefined, stdin: async () => reply };
  const status = await runCli(['node', 'control-room', 'check', 'tool-call', '--nonce', 'n-42', '--json', ...extra], io);
  return { status, body: JSON.parse(out) as Record<string, unknown> };
}

const call = { tool: 'file_reader', args: { path: 'Story/SCN-outline.md' }, nonce: 'n-42' };
const envelope = JSON.stringify(call);
const completion = (message: Record<string, unknown>) => JSON.stringify({ id: 'c1', object: 'chat.completion', model: 'm', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }] });

describe('check tool-call judges a reply as the tool loop does', () => {
  it.each([
    ['a bare envelope', envelope],
    ['Qwen3 <think> before the envelope', `<think>\nThe writer wants the outline; file_reader it is.\n</think>\n\n${envelope}`],
    ['an empty think block', `<think>\n\n</think>\n\n${envelope}`],
    ['DeepSeek-R1 with the opening tag in the template', `I should read the outline.\n</think>\n${envelope}`],
    ['gpt-oss harmony in the content', `<|channel|>analysis<|message|>Need the outline.<|end|><|start|>assistant<|channel|>final<|message|>${envelope}<|return|>`],
    ['a completion with reasoning_content', completion({ content: envelope, reasoning_content: 'Reading the outline first.' })],
    ['a completion with reasoning', completion({ content: envelope, reasoning: 'We need file_reader.' })],
    ['a completion with think tags in content', completion({ content: `<think>plan</think>${envelope}` })],
    ['an assistant message with reasoning beside content', JSON.stringify({ role: 'assistant', content: envelope, reasoning_content: 'x' })],
    ['an Ollama /api/chat answer with thinking', JSON.stringify({ model: 'qwen3', message: { role: 'assistant', content: envelope, thinking: 'outline first' }, done: true })],
    ['a streamed completion', `data: ${JSON.stringify({ choices: [{ index: 0, delta: { reasoning_content: 'hmm' } }] })}\n\ndata: ${JSON.stringify({ choices: [{ index: 0, delta: { content: envelope }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n`],
  ])('accepts %s', async (_name, reply) => {
    const { status, body } = await check(reply);
    expect(body).toMatchObject({ ok: true, tool: 'file_reader', args: { path: 'Story/SCN-outline.md' } });
    expect(status).toBe(0);
  });

  it('reads a native tool call from a completion through the cascade', async () => {
    const native = completion({ content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'file_reader', arguments: '{"path":"Story/SCN-outline.md"}' } }] });
    expect((await check(native)).body).toMatchObject({ ok: true, tool: 'file_reader', channel: 'tool' });
  });

  it.each([
    ['reasoning alone', '<think>I will call file_reader</think>', 'tool_call_invalid_format'],
    ['prose after the thinking', `<think>x</think>Sure! ${envelope}`, 'tool_call_invalid_format'],
    ['an envelope inside the thinking only', `<think>${envelope}</think>The outline opens in the lamp room.`, 'tool_call_invalid_format'],
    ['a wrong nonce after thinking', `<think>x</think>${envelope.replace('n-42', 'n-41')}`, 'tool_call_nonce_invalid'],
    ['duplicate keys after thinking', `<think>x</think>{"tool":"file_reader","tool":"file_locator","args":{"path":"a"},"nonce":"n-42"}`, 'tool_call_invalid_format'],
    ['an envelope that only looks like a wrapper', JSON.stringify({ ...call, content: 'x', reasoning: 'y' }), 'tool_call_invalid_format'],
  ])('refuses %s', async (_name, reply, code) => {
    const { status, body } = await check(reply);
    expect(body).toMatchObject({ ok: false, code });
    expect(status).toBe(1);
  });

  it('checks decisions with --step decision, in the strict form too', async () => {
    expect((await check('<think>done</think>{"action":"final","tool":null,"args":null,"nonce":"n-42"}', ['--step', 'decision'])).body).toMatchObject({ ok: true, action: 'final' });
    expect((await check(envelope, ['--step', 'decision'])).body).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
  });
});
