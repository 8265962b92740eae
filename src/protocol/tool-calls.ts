/**
 * The strict tool-call protocol (SPEC §4): the envelope a model sends to run a tool, the decision
 * JSON it sends after a tool result, and the rejection codes. Everything here is data; parsing and
 * validation live in `core/tool-calls`.
 */
import { z } from 'zod';

/** Exactly these strings; a rejected call executes nothing. */
export const REJECTION_CODES = [
  /** Not exactly one JSON object with nothing around it, or missing/unknown top-level keys. */
  'tool_call_invalid_format',
  /** The tool id is not registered (after the alias map), or not allowed for this request. */
  'tool_call_unknown_tool',
  /** The arguments fail the tool's schema (after key normalisation). */
  'tool_call_invalid_args',
  /** Two or more objects or calls in one reply. */
  'tool_call_multiple',
  /** The nonce is missing or is not this turn's. */
  'tool_call_nonce_invalid',
  /** The tool's output exceeded what the turn's budget can carry. */
  'tool_call_output_limit',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** The stop hook a reply carries when its tool call was rejected. */
export const STOP_HOOK_TOOL_CALL_REJECTED = 'tool_call_rejected';

/** Prompt lines that carry the turn's nonce and whether a call is required. */
export const TOOL_NONCE_LINE_PREFIX = 'TOOL_NONCE: ';
export const TOOL_CALL_REQUIRED_LINE = 'TOOL_CALL_REQUIRED: true';
/** Placeholder for the nonce in catalog examples. */
export const TOOL_NONCE_PLACEHOLDER = '<TOOL_NONCE>';

/** Tool ids are snake_case words. */
export const ToolIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

/** `{"tool":"<id>","args":{…},"nonce":"<nonce>"}` — unknown top-level keys refused. */
export const ToolEnvelopeSchema = z.strictObject({
  tool: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  nonce: z.string().min(1),
});
export type ToolEnvelope = z.infer<typeof ToolEnvelopeSchema>;

/** After a tool result: another call, or the end of the tool phase. */
export const DecisionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('tool'), tool: z.string().min(1), args: z.record(z.string(), z.unknown()), nonce: z.string().min(1) }),
  z.strictObject({ action: z.literal('final'), nonce: z.string().min(1) }),
]);
export type Decision = z.infer<typeof DecisionSchema>;

/** One path-level problem, in the shape of zod's issues: what is wrong and where. */
export interface ValidationIssue {
  code: string;
  message: string;
  path: Array<string | number>;
}

/** An alias or normalisation the parser applied on the way to a valid call; each is traced. */
export interface AppliedNormalisation {
  /** `null_optional`: an optional argument sent as null (as strict structured outputs do) taken as absent. */
  kind: 'tool_alias' | 'arg_key' | 'args_json_string' | 'null_optional';
  from: string;
  to: string;
}

/** A call that passed every check, with what was changed to get there. */
export interface AcceptedToolCall {
  ok: true;
  tool: string;
  args: Record<string, unknown>;
  applied: AppliedNormalisation[];
}

/** A refused call: its code, a message for the model, and path-level issues for the retry prompt. */
export interface RejectedToolCall {
  ok: false;
  code: RejectionCode;
  message: string;
  issues: ValidationIssue[];
  /** The registered tool the call was aimed at, when its name resolved (so a retry can show its schema). */
  tool?: string;
}

export type ToolCallVerdict = AcceptedToolCall | RejectedToolCall;

/** A decision that passed: either a call (like an accepted envelope) or `final`. */
export type DecisionVerdict =
  | (AcceptedToolCall & { action: 'tool' })
  | {
      ok: true;
      action: 'final';
      applied: AppliedNormalisation[];
      /** The writer-facing answer sent with `final` (its `answer` field), when the turn allows one; checked like any answer. */
      answer?: string;
    }
  | RejectedToolCall;

/** The channel a call arrived on (SPEC §4 cascade); recorded for every turn. */
export const ToolChannelSchema = z.enum(['tool', 'json', 'text']);
export type ToolChannel = z.infer<typeof ToolChannelSchema>;

/** Budgets of the tool loop (SPEC §4). */
export const TOOL_BUDGETS = {
  maxToolSteps: 6,
  maxToolBytesPerStep: 8000,
  maxToolBytesPerTurn: 16000,
  conference: { maxToolBytesPerStep: 12000, maxToolBytesPerTurn: 48000, minToolSteps: 4 },
} as const;
