import {
  ControlRoomError,
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAGS_FILE,
  FeatureFlagsFileSchema,
  FeatureFlagsSchema,
  featureFlagEnvName,
  type FeatureFlagName,
  type FeatureFlags,
  type FeatureFlagSource,
  type ResolvedFeatureFlags,
} from '../../protocol/index.js';

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no']);

/** A flag's value from an environment string, or an explanation of why it is not one. */
function fromEnvironment(name: FeatureFlagName, raw: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const text = raw.trim().toLowerCase();
  const shape = FeatureFlagsSchema.shape[name];
  if (shape.type === 'boolean') {
    if (TRUE.has(text)) return { ok: true, value: true };
    if (FALSE.has(text)) return { ok: true, value: false };
    return { ok: false, message: `${featureFlagEnvName(name)} must be on or off (true/false, 1/0, yes/no), not ${JSON.stringify(raw)}.` };
  }
  const parsed = shape.safeParse(text);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: `${featureFlagEnvName(name)} must be one of ${shape.options.join(', ')}, not ${JSON.stringify(raw)}.` };
}

/**
 * The flags in force: each one from the environment (`CONTROL_ROOM_FLAG_<NAME>`) when set, else
 * from the workspace's `flags.json`, else its default. A file that does not parse or a value that
 * is not one a flag takes fails loud with `config_invalid`, naming every problem at once.
 */
export function resolveFeatureFlags(input: { file: unknown; env: Record<string, string | undefined> }): ResolvedFeatureFlags {
  const problems: string[] = [];
  let fromFile: Partial<FeatureFlags> = {};
  if (input.file !== null && input.file !== undefined) {
    const parsed = FeatureFlagsFileSchema.safeParse(input.file);
    if (parsed.success) fromFile = parsed.data.flags;
    else problems.push(...parsed.error.issues.map((issue) => `${FEATURE_FLAGS_FILE}: ${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const flags = { ...DEFAULT_FEATURE_FLAGS } as Record<FeatureFlagName, unknown>;
  const sources = {} as Record<FeatureFlagName, FeatureFlagSource>;
  for (const name of Object.keys(DEFAULT_FEATURE_FLAGS) as FeatureFlagName[]) {
    sources[name] = 'default';
    if (fromFile[name] !== undefined) {
      flags[name] = fromFile[name];
      sources[name] = 'config';
    }
    const raw = input.env[featureFlagEnvName(name)];
    if (raw === undefined || raw.trim() === '') continue;
    const value = fromEnvironment(name, raw);
    if (!value.ok) problems.push(value.message);
    else {
      flags[name] = value.value;
      sources[name] = 'environment';
    }
  }
  if (problems.length > 0) throw new ControlRoomError('config_invalid', `The feature flags are not valid: ${problems.join(' ')}`);
  return { flags: flags as FeatureFlags, sources };
}
