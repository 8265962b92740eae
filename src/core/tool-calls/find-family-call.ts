import { NO_CALL, type FamilyCallScan } from './family-call.js';
import { FAMILY_FORMATS, type FamilyCallFormat, type ModelFamily } from './model-family.js';
import { readDeepSeekCalls } from './read-deepseek-calls.js';
import { readHarmonyCalls } from './read-harmony-calls.js';
import { readLlamaCalls } from './read-llama-calls.js';
import { readMistralCalls } from './read-mistral-calls.js';
import { readTaggedCalls } from './read-tagged-calls.js';

/**
 * The calls a family's model wrote in its own text format. `raw` is the reply as sent (harmony
 * channels need it); `visible` has the reasoning removed, so a call a model only thought about
 * inside `<think>` is never taken. A family reads only its own formats: a Qwen model writing
 * `[TOOL_CALLS]` is refused like any other stray syntax.
 */
export function findFamilyCall(raw: string, visible: string, family: ModelFamily): FamilyCallScan {
  const formats = new Set<FamilyCallFormat>(FAMILY_FORMATS[family]);
  if (formats.has('harmony')) {
    const scan = readHarmonyCalls(raw);
    if (scan.kind !== 'none') return scan;
  }
  if (formats.has('deepseek_markers')) {
    const scan = readDeepSeekCalls(visible);
    if (scan.kind !== 'none') return scan;
  }
  if (formats.has('tool_call_tags') || formats.has('glm_arg_tags')) {
    const scan = readTaggedCalls(visible, { glm: formats.has('glm_arg_tags') });
    if (scan.kind !== 'none') return scan;
  }
  if (formats.has('tool_calls_marker')) {
    const scan = readMistralCalls(visible);
    if (scan.kind !== 'none') return scan;
  }
  if (formats.has('python_tag') || formats.has('function_tag') || formats.has('name_parameters_json')) {
    const scan = readLlamaCalls(visible);
    if (scan.kind !== 'none') return scan;
  }
  return NO_CALL;
}
