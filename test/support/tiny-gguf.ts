/**
 * Writes a tiny llama-architecture GGUF model, so the embedded llama.cpp path can be run for real
 * without downloading weights. One layer, eight dimensions, a byte-level vocabulary (the 256
 * `<0xNN>` byte tokens plus `<unk>`, `<s>`, `</s>`). The attention and feed-forward weights are
 * small random numbers; the token embeddings and the output layer are laid out so that the next
 * token depends only on the kind of the last byte (a quote, a word character, anything else),
 * with a fixed order of preference for each. Under a JSON-schema grammar that is enough to
 * finish every string and close every value, so generation ends on its own.
 */
import { promises as fs } from 'node:fs';
import { seededRandom } from '../../src/core/testing/index.js';

const EMBEDDING = 8;
const FEED_FORWARD = 16;
const HEADS = 2;
const CONTEXT = 8192;
const VOCAB = 259; // <unk>, <s>, </s>, then the 256 byte tokens
const EOS = 2;
const byteToken = (byte: number): number => 3 + byte;

/** GGUF value types used here. */
const U32 = 4;
const I32 = 5;
const F32 = 6;
const STRING = 8;
const ARRAY = 9;

class Writer {
  private parts: Buffer[] = [];
  private size = 0;
  push(buffer: Buffer): void {
    this.parts.push(buffer);
    this.size += buffer.length;
  }
  u32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.push(buffer);
  }
  u64(value: number): void {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.push(buffer);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  align(to: number): void {
    const pad = (to - (this.size % to)) % to;
    if (pad > 0) this.push(Buffer.alloc(pad));
  }
  get length(): number {
    return this.size;
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

type Metadata = Array<[string, { type: number; value: unknown; elementType?: number }]>;

function writeValue(writer: Writer, type: number, value: unknown, elementType?: number): void {
  if (type === U32) writer.u32(value as number);
  else if (type === I32) {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value as number);
    writer.push(buffer);
  } else if (type === F32) {
    const buffer = Buffer.alloc(4);
    buffer.writeFloatLE(value as number);
    writer.push(buffer);
  } else if (type === STRING) writer.string(value as string);
  else if (type === ARRAY) {
    const items = value as unknown[];
    writer.u32(elementType!);
    writer.u64(items.length);
    for (const item of items) writeValue(writer, elementType!, item);
  }
}

/** Where a byte falls: a quote, a character of a word or number, or anything else (structure, space, bytes beyond ASCII such as the tokenizer's space mark). */
function kindOf(token: number): 'quote' | 'word' | 'other' {
  if (token < 3) return 'other';
  const byte = token - 3;
  if (byte === 0x22) return 'quote';
  const char = String.fromCharCode(byte);
  return /[A-Za-z0-9_.\-/]/.test(char) ? 'word' : 'other';
}

const chars = (text: string): number[] => [...text].map((char) => byteToken(char.charCodeAt(0)));
const LETTERS = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const DIGITS = chars('0123456789');
const SPACES = chars(' \n\t\r');

/** Preferred next tokens after each kind of byte, best first; anything unlisted ranks below, spaces last. */
const PREFERENCES: Record<'quote' | 'word' | 'other', number[]> = {
  // After a quote: start a word (a value "a", a key or an enum), else close what is open.
  quote: [...LETTERS, ...chars(']},:'), ...DIGITS, EOS],
  // After a word character: end the text, close the string, close what is open.
  word: [EOS, ...chars('"]},'), ...LETTERS, ...DIGITS],
  // After structure: null for what may be null, a string, close, a number, a literal, open.
  other: [...chars('n"]}1tf{[,:'), ...LETTERS, ...DIGITS, EOS],
};

function scores(kind: 'quote' | 'word' | 'other'): Float32Array {
  const out = new Float32Array(VOCAB).fill(-8);
  PREFERENCES[kind].forEach((token, rank) => {
    if (out[token] === -8) out[token] = 60 * Math.pow(0.9, rank);
  });
  for (const token of SPACES) out[token] = -20;
  return out;
}

/** Writes the model to `file`; the same seed writes the same bytes. */
export async function writeTinyGguf(file: string, seed = 15): Promise<void> {
  const random = seededRandom(seed);
  const noise = (scale: number): number => (random() * 2 - 1) * scale;
  const tensor = (count: number, fill: (index: number) => number): Float32Array => Float32Array.from({ length: count }, (_, index) => fill(index));

  const kinds = { quote: 0, word: 1, other: 2 } as const;
  const byKind = { quote: scores('quote'), word: scores('word'), other: scores('other') };
  const tensors: Array<{ name: string; dims: number[]; data: Float32Array }> = [
    // Row t of the embedding marks the kind of token t in one of the first three dimensions.
    { name: 'token_embd.weight', dims: [EMBEDDING, VOCAB], data: tensor(EMBEDDING * VOCAB, (index) => (index % EMBEDDING === kinds[kindOf(Math.floor(index / EMBEDDING))] ? 1 : noise(0.01))) },
    { name: 'output_norm.weight', dims: [EMBEDDING], data: tensor(EMBEDDING, () => 1) },
    // Row t of the output layer holds token t's preference after each kind of byte.
    {
      name: 'output.weight',
      dims: [EMBEDDING, VOCAB],
      data: tensor(EMBEDDING * VOCAB, (index) => {
        const token = Math.floor(index / EMBEDDING);
        const dimension = index % EMBEDDING;
        if (dimension === 0) return byKind.quote[token]!;
        if (dimension === 1) return byKind.word[token]!;
        if (dimension === 2) return byKind.other[token]!;
        return 0;
      }),
    },
    { name: 'blk.0.attn_norm.weight', dims: [EMBEDDING], data: tensor(EMBEDDING, () => 1) },
    { name: 'blk.0.attn_q.weight', dims: [EMBEDDING, EMBEDDING], data: tensor(EMBEDDING * EMBEDDING, () => noise(0.001)) },
    { name: 'blk.0.attn_k.weight', dims: [EMBEDDING, EMBEDDING], data: tensor(EMBEDDING * EMBEDDING, () => noise(0.001)) },
    { name: 'blk.0.attn_v.weight', dims: [EMBEDDING, EMBEDDING], data: tensor(EMBEDDING * EMBEDDING, () => noise(0.001)) },
    { name: 'blk.0.attn_output.weight', dims: [EMBEDDING, EMBEDDING], data: tensor(EMBEDDING * EMBEDDING, () => noise(0.001)) },
    { name: 'blk.0.ffn_norm.weight', dims: [EMBEDDING], data: tensor(EMBEDDING, () => 1) },
    { name: 'blk.0.ffn_gate.weight', dims: [EMBEDDING, FEED_FORWARD], data: tensor(EMBEDDING * FEED_FORWARD, () => noise(0.001)) },
    { name: 'blk.0.ffn_up.weight', dims: [EMBEDDING, FEED_FORWARD], data: tensor(EMBEDDING * FEED_FORWARD, () => noise(0.001)) },
    { name: 'blk.0.ffn_down.weight', dims: [FEED_FORWARD, EMBEDDING], data: tensor(FEED_FORWARD * EMBEDDING, () => noise(0.001)) },
  ];

  const tokens = ['<unk>', '<s>', '</s>', ...Array.from({ length: 256 }, (_, byte) => `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`)];
  const metadata: Metadata = [
    ['general.architecture', { type: STRING, value: 'llama' }],
    ['general.name', { type: STRING, value: 'tiny byte-level test model' }],
    ['general.alignment', { type: U32, value: 32 }],
    ['llama.context_length', { type: U32, value: CONTEXT }],
    ['llama.embedding_length', { type: U32, value: EMBEDDING }],
    ['llama.block_count', { type: U32, value: 1 }],
    ['llama.feed_forward_length', { type: U32, value: FEED_FORWARD }],
    ['llama.attention.head_count', { type: U32, value: HEADS }],
    ['llama.attention.head_count_kv', { type: U32, value: HEADS }],
    ['llama.rope.dimension_count', { type: U32, value: EMBEDDING / HEADS }],
    ['llama.attention.layer_norm_rms_epsilon', { type: F32, value: 1e-5 }],
    ['tokenizer.ggml.model', { type: STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ARRAY, elementType: STRING, value: tokens }],
    ['tokenizer.ggml.scores', { type: ARRAY, elementType: F32, value: tokens.map(() => 0) }],
    // 2 unknown, 3 control, 6 byte.
    ['tokenizer.ggml.token_type', { type: ARRAY, elementType: I32, value: tokens.map((_, index) => (index === 0 ? 2 : index < 3 ? 3 : 6)) }],
    ['tokenizer.ggml.unknown_token_id', { type: U32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: U32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: U32, value: EOS }],
    ['tokenizer.ggml.add_space_prefix', { type: 7, value: false }],
  ];

  const writer = new Writer();
  writer.push(Buffer.from('GGUF', 'ascii'));
  writer.u32(3);
  writer.u64(tensors.length);
  writer.u64(metadata.length);
  for (const [key, { type, value, elementType }] of metadata) {
    writer.string(key);
    writer.u32(type);
    if (type === 7) writer.push(Buffer.from([value ? 1 : 0]));
    else writeValue(writer, type, value, elementType);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const entry of tensors) {
    offsets.push(offset);
    offset += Math.ceil((entry.data.length * 4) / 32) * 32;
  }
  tensors.forEach((entry, index) => {
    writer.string(entry.name);
    writer.u32(entry.dims.length);
    for (const dim of entry.dims) writer.u64(dim);
    writer.u32(0); // F32
    writer.u64(offsets[index]!);
  });
  writer.align(32);
  for (const entry of tensors) {
    writer.push(Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength));
    writer.align(32);
  }
  await fs.writeFile(file, writer.bytes());
}
