import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';

/** Session and issue ids name folders, so only these characters: no separators, dots or `..`. */
export const AUDIT_FOLDER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Workspace-relative locations (always with `/`, as reports print them). */
export const AUDIT_DIR = '.control-room/audit';
export const SESSION_LOG_NAME = 'tool_receipts.jsonl';
export const ISSUE_RECEIPTS_NAME = 'receipts.jsonl';
export const ISSUE_LINKS_NAME = 'links.json';
/** A session's signed head, beside its log. */
export const SESSION_HEAD_NAME = 'head.json';
/** The signed manifest of every session's head. */
export const AUDIT_MANIFEST_FILE = `${AUDIT_DIR}/manifest.json`;

/** Throws `audit_id_invalid` unless `id` is safe to use as a folder name. */
export function requireAuditId(kind: 'session' | 'issue', id: string): string {
  if (!AUDIT_FOLDER_ID.test(id)) {
    throw new ControlRoomError('audit_id_invalid', `The ${kind} id ${JSON.stringify(id)} is not allowed: use 1–128 letters, digits, "-" or "_".`);
  }
  return id;
}

/** `.control-room/audit/sessions/<id>/tool_receipts.jsonl` */
export function sessionLogRelative(sessionId: string): string {
  return `${AUDIT_DIR}/sessions/${requireAuditId('session', sessionId)}/${SESSION_LOG_NAME}`;
}

/** `.control-room/audit/sessions/<id>/head.json` */
export function sessionHeadRelative(sessionId: string): string {
  return `${AUDIT_DIR}/sessions/${requireAuditId('session', sessionId)}/${SESSION_HEAD_NAME}`;
}

/** `.control-room/audit/issues/<id>/<name>` */
export function issueFileRelative(issueId: string, name: string): string {
  return `${AUDIT_DIR}/issues/${requireAuditId('issue', issueId)}/${name}`;
}

/** Absolute path of a workspace-relative audit path. */
export function absolute(root: string, relative: string): string {
  return path.join(root, ...relative.split('/'));
}
