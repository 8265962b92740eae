import type { RejectedToolCall, RejectionCode, ValidationIssue } from '../../protocol/index.js';

/**
 * A refused call. `tool` names the registered tool the call was aimed at, when the parser got far
 * enough to know it, so a retry message can show that tool's schema.
 */
export interface ToolCallRejection extends RejectedToolCall {
  tool?: string;
}

/** Builds a rejection; issues default to none (format errors have no path to point at). */
export function rejectToolCall(code: RejectionCode, message: string, issues: ValidationIssue[] = [], tool?: string): ToolCallRejection {
  return tool === undefined ? { ok: false, code, message, issues } : { ok: false, code, message, issues, tool };
}
