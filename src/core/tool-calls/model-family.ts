/**
 * Model families and how each writes a tool call in plain text when a server does not turn it into
 * a native `tool_calls` entry (the CLI plan's provider-specific parsing, the JSON tool-calling
 * reference's profiles). The family is read from the model's name, whatever the provider calls it:
 * `Qwen/Qwen2.5-7B-Instruct`, `qwen2.5:7b`, `accounts/fireworks/models/qwen3-235b`, `qwen-3-32b`
 * on Cerebras all read as Qwen.
 */
export const MODEL_FAMILIES = ['qwen', 'llama', 'mistral', 'deepseek', 'gpt-oss', 'glm', 'generic'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** The text formats a family's models emit calls in, besides the envelope itself. */
export type FamilyCallFormat = 'tool_call_tags' | 'tool_calls_marker' | 'python_tag' | 'function_tag' | 'name_parameters_json' | 'deepseek_markers' | 'harmony' | 'glm_arg_tags';

export const FAMILY_FORMATS: Readonly<Record<ModelFamily, readonly FamilyCallFormat[]>> = {
  // Qwen2.5/Qwen3 (and Hermes-style fine-tunes): <tool_call>{"name":…,"arguments":…}</tool_call>.
  qwen: ['tool_call_tags'],
  // Llama 3.x: <|python_tag|>{"name":…,"parameters":…}, <function=name>{…}</function>, or the bare JSON.
  llama: ['python_tag', 'function_tag', 'name_parameters_json'],
  // Mistral, Mixtral, Magistral, Devstral …: [TOOL_CALLS][{"name":…,"arguments":…}] or [TOOL_CALLS]name[ARGS]{…}.
  mistral: ['tool_calls_marker'],
  // DeepSeek V3/R1: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>name ```json {…}``` …
  deepseek: ['deepseek_markers'],
  // gpt-oss: harmony messages, <|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>.
  'gpt-oss': ['harmony'],
  // GLM-4.5/4.6: <tool_call>name<arg_key>k</arg_key><arg_value>v</arg_value></tool_call> (GLM-4: name, then JSON).
  glm: ['glm_arg_tags', 'tool_call_tags'],
  generic: [],
};

const FAMILY_NAMES: ReadonlyArray<[ModelFamily, RegExp]> = [
  ['gpt-oss', /gpt[-_ ]?oss/],
  // Distilled models keep their teacher's name first (DeepSeek-R1-Distill-Qwen): DeepSeek's template.
  ['deepseek', /deepseek/],
  ['qwen', /qwen|qwq|hermes/],
  ['mistral', /mistral|mixtral|magistral|devstral|codestral|ministral|pixtral/],
  ['glm', /(?:^|[^a-z])(?:chat)?glm/],
  ['llama', /llama/],
];

/** The family of a model, from its name as any provider spells it; `generic` when none matches. */
export function modelFamilyOf(modelName: string): ModelFamily {
  // Providers put the model after an organisation or path (`Qwen/…`, `accounts/…/models/…`, `@cf/meta/…`).
  const name = modelName.trim().toLowerCase();
  for (const [family, pattern] of FAMILY_NAMES) if (pattern.test(name)) return family;
  return 'generic';
}
