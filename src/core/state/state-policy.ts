import type { ConversationState } from '../../protocol/index.js';

/** How a conversation state steers a round's defaults (the plan's section 10). */
export interface StatePolicy {
  state: ConversationState;
  /** UI cues: a label, a one-word icon name and a short description. */
  label: string;
  icon: string;
  description: string;
  /** Retries of a failed model call on the primary model before escalating or giving up. */
  modelRetries: number;
  /**
   * When the fallback model is tried. `on_http_error`: at once on HTTP 4xx/5xx (SPEC §9).
   * `after_retries`: only once the primary's retries are spent, for any failure, so the local
   * model is preferred and a slow cloud model is a last resort.
   */
  fallback: 'on_http_error' | 'after_retries';
  /** Read back what a task wrote and check its hash before reporting success. */
  verifyAfterApply: boolean;
  /** Tool steps a chat turn or conference phase 1 may take beyond its usual budget. */
  extraToolSteps: number;
  /** Multiplies the tool-output byte budgets per step and per turn. */
  toolBytesFactor: number;
}

const POLICIES: Readonly<Record<ConversationState, StatePolicy>> = {
  default: {
    state: 'default', label: 'Default', icon: 'circle', description: 'Everyday work: the usual retries and fallback.',
    modelRetries: 2, fallback: 'on_http_error', verifyAfterApply: false, extraToolSteps: 0, toolBytesFactor: 1,
  },
  conversation: {
    state: 'conversation', label: 'Conversation', icon: 'chat', description: 'Talking things through: the usual retries and fallback.',
    modelRetries: 2, fallback: 'on_http_error', verifyAfterApply: false, extraToolSteps: 0, toolBytesFactor: 1,
  },
  action: {
    state: 'action', label: 'Action', icon: 'bolt', description: 'Changing the manuscript: prefers the local model and checks every write.',
    modelRetries: 2, fallback: 'after_retries', verifyAfterApply: true, extraToolSteps: 0, toolBytesFactor: 1,
  },
  research: {
    state: 'research', label: 'Research', icon: 'search', description: 'Digging for answers: more lookups per turn, and the fallback model after one retry.',
    modelRetries: 1, fallback: 'after_retries', verifyAfterApply: false, extraToolSteps: 4, toolBytesFactor: 2,
  },
};

/** The defaults a state sets for its rounds. */
export function statePolicy(state: ConversationState): StatePolicy {
  return POLICIES[state];
}

/** Every state's policy, in the order the UI offers them. */
export function statePolicies(): StatePolicy[] {
  return Object.values(POLICIES);
}

/** A tool loop's budgets under a state's policy: research looks further before it answers. */
export function toolBudgetsFor<Budgets extends { maxSteps: number; maxBytesPerStep: number; maxBytesPerTurn: number }>(policy: StatePolicy, budgets: Budgets): Budgets {
  return {
    ...budgets,
    maxSteps: budgets.maxSteps + policy.extraToolSteps,
    maxBytesPerStep: budgets.maxBytesPerStep * policy.toolBytesFactor,
    maxBytesPerTurn: budgets.maxBytesPerTurn * policy.toolBytesFactor,
  };
}

/** The model-call options a state's policy sets: its retries and when the fallback is tried. */
export function modelOptionsForPolicy(policy: StatePolicy): { transientRetries: number; fallbackWhen: StatePolicy['fallback'] } {
  return { transientRetries: policy.modelRetries, fallbackWhen: policy.fallback };
}
