/**
 * A mono 16-bit PCM WAV written byte by byte (RIFF header, fmt chunk, data chunk), so audio tests
 * feed the product a real clip without a fixture file. `sample(frame)` gives each frame's value;
 * silence when left out.
 */
export function pcmWav(options: { sampleRate: number; frames: number; sample?: (frame: number) => number }): Uint8Array {
  const { sampleRate, frames, sample } = options;
  const buffer = Buffer.alloc(44 + frames * 2);
  buffer.write('RIFF', 0, 'latin1');
  buffer.writeUInt32LE(36 + frames * 2, 4);
  buffer.write('WAVEfmt ', 8, 'latin1');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  buffer.writeUInt16LE(2, 32); // bytes per frame
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'latin1');
  buffer.writeUInt32LE(frames * 2, 40);
  if (sample) for (let frame = 0; frame < frames; frame += 1) buffer.writeInt16LE(sample(frame), 44 + frame * 2);
  return new Uint8Array(buffer);
}
