import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, featureFlagEnvName } from '../../protocol/index.js';
import { resolveFeatureFlags } from './feature-flags.js';

describe('resolveFeatureFlags', () => {
  it('names each flag’s variable after the flag', () => {
    expect(featureFlagEnvName('traceRetryAttempts')).toBe('CONTROL_ROOM_FLAG_TRACE_RETRY_ATTEMPTS');
    expect(featureFlagEnvName('cascadeChannels')).toBe('CONTROL_ROOM_FLAG_CASCADE_CHANNELS');
  });

  it('gives the defaults when nothing is set', () => {
    const resolved = resolveFeatureFlags({ file: null, env: {} });
    expect(resolved.flags).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(Object.values(resolved.sources).every((source) => source === 'default')).toBe(true);
  });

  it('takes the file, and the environment over the file, saying where each value came from', () => {
    const resolved = resolveFeatureFlags({
      file: { schema_version: 1, flags: { audioRetention: false, cascadeChannels: 'text-only', inputFilter: false } },
      env: { CONTROL_ROOM_FLAG_CASCADE_CHANNELS: ' Tools-Only ', CONTROL_ROOM_FLAG_INPUT_FILTER: 'yes', CONTROL_ROOM_FLAG_CONFERENCE_LOG: '0', CONTROL_ROOM_FLAG_CHAT_TELEMETRY: '' },
    });
    expect(resolved.flags).toMatchObject({ audioRetention: false, cascadeChannels: 'tools-only', inputFilter: true, conferenceLog: false, chatTelemetry: true });
    expect(resolved.sources).toMatchObject({ audioRetention: 'config', cascadeChannels: 'environment', inputFilter: 'environment', conferenceLog: 'environment', chatTelemetry: 'default' });
  });

  it.each([
    [{ file: { schema_version: 1, flags: { audioRetention: 'nope' } }, env: {} }, /audioRetention/],
    [{ file: { schema_version: 1, flags: { unknownFlag: true } }, env: {} }, /unknownFlag|Unrecognized/],
    [{ file: { flags: {} }, env: {} }, /schema_version/],
    [{ file: null, env: { CONTROL_ROOM_FLAG_AUDIO_RETENTION: 'maybe' } }, /CONTROL_ROOM_FLAG_AUDIO_RETENTION must be on or off/],
    [{ file: null, env: { CONTROL_ROOM_FLAG_CASCADE_CHANNELS: 'both' } }, /must be one of all, tools-only, text-only/],
  ])('fails loud with config_invalid on a bad value (%#)', (input, message) => {
    expect(() => resolveFeatureFlags(input)).toThrow(expect.objectContaining({ code: 'config_invalid', message: expect.stringMatching(message) }));
  });
});
