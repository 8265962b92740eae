import { isControlRoomError, type ModelRequest } from '../../protocol/index.js';
import { callModel, type AgentModels, type CallModelOptions, type ModelCallResult } from '../loop/index.js';
import type { StatePolicy } from './state-policy.js';

/**
 * Calls a model under a state's policy. `on_http_error` is the standard rule (SPEC §9). With
 * `after_retries` the primary gets its retries first and the fallback is tried once after any
 * failure but a cancellation: `action` prefers the local model, `research` escalates after one retry.
 */
export async function callModelForState(models: AgentModels, request: ModelRequest, policy: StatePolicy, options: CallModelOptions): Promise<ModelCallResult> {
  const retrying = { ...options, transientRetries: policy.modelRetries };
  if (policy.fallback === 'on_http_error' || models.fallback === null) return callModel(models, request, retrying);
  try {
    return await callModel({ primary: models.primary, fallback: null }, request, retrying);
  } catch (error) {
    if (isControlRoomError(error) && error.code === 'model_cancelled') throw error;
    const escalated = await callModel({ primary: models.fallback, fallback: null }, request, { ...options, transientRetries: 0 });
    return { ...escalated, usedFallback: true };
  }
}
