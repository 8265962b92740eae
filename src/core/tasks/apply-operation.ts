import { ControlRoomError, type FileRef } from '../../protocol/index.js';
import type { Envelope, UndoEntry } from '../../protocol/tasks.js';
import { toJsonValue } from '../receipts/index.js';
import { splitLines, requireVfsPath } from '../vfs/index.js';
import { sha256Bytes, toBase64, utf8Bytes, utf8Text } from './bytes.js';
import { patchText } from './preflight-batch.js';
import type { TaskDependencies } from './task-dependencies.js';

/** What one operation did: its result (for the receipt and the person), and how to undo it. */
export interface OperationEffect {
  result: Record<string, unknown>;
  undo: UndoEntry | null;
  fileRefs: FileRef[];
}

export interface OperationContext {
  index: number;
  commandId: string;
  taskId: string;
}

/** The whole written file as a receipt file reference (lines 1…n and the sha256 of their text). */
function wholeFileRef(path: string, bytes: Uint8Array): FileRef[] {
  const text = utf8Text(bytes);
  if (text === null) return [];
  const lines = splitLines(text);
  return [{ path, start_line: lines.length === 0 ? 0 : 1, end_line: lines.length, sha256: sha256Bytes(utf8Bytes(lines.join('\n'))) }];
}

async function writeFile(path: string, bytes: Uint8Array, context: OperationContext, op: Envelope['op'], deps: TaskDependencies): Promise<OperationEffect> {
  const previous = await deps.writer.readBytes(path);
  await deps.writer.write(path, bytes);
  const written = sha256Bytes(bytes);
  return {
    result: { path, created: previous === null, bytes: bytes.length, sha256: written, previous_sha256: previous === null ? null : sha256Bytes(previous) },
    undo: { kind: 'file', index: context.index, command_id: context.commandId, op, path, previous_base64: previous === null ? null : toBase64(previous), previous_sha256: previous === null ? null : sha256Bytes(previous), written_sha256: written },
    fileRefs: wholeFileRef(path, bytes),
  };
}

/**
 * Applies one validated operation through the ports: files through the `WorkspaceWriter` (same
 * path safety as reads, atomic writes), issues through the `IssueStore`, the canon index through
 * the injected rebuild. The state it replaces comes back as an undo entry. Throws on failure;
 * the caller records the failure's receipt and stops the chain.
 */
export async function applyOperation(envelope: Envelope, context: OperationContext, deps: TaskDependencies): Promise<OperationEffect> {
  switch (envelope.op) {
    case 'file.write':
      return writeFile(requireVfsPath(envelope.params.path), utf8Bytes(envelope.params.content), context, envelope.op, deps);
    case 'file.patch': {
      const path = requireVfsPath(envelope.params.path);
      const before = await deps.writer.readBytes(path);
      if (before === null) throw new ControlRoomError('path_not_found', `No file ${JSON.stringify(path)} to patch.`);
      const patched = patchText(before, envelope.params.find, envelope.params.replace, path);
      if (!patched.ok) throw new ControlRoomError(patched.issue.code, patched.issue.message);
      return writeFile(path, patched.bytes, context, envelope.op, deps);
    }
    case 'file.delete': {
      const path = requireVfsPath(envelope.params.path);
      const previous = await deps.writer.readBytes(path);
      if (previous === null) throw new ControlRoomError('path_not_found', `No file ${JSON.stringify(path)} to delete.`);
      await deps.writer.delete(path);
      const previousSha = sha256Bytes(previous);
      return {
        result: { path, deleted: true, previous_sha256: previousSha, bytes: previous.length },
        undo: { kind: 'file', index: context.index, command_id: context.commandId, op: envelope.op, path, previous_base64: toBase64(previous), previous_sha256: previousSha, written_sha256: null },
        fileRefs: [],
      };
    }
    case 'issue.create': {
      const { title, body, tags, priority } = envelope.params;
      const issue = await deps.issues.create({ title, body, ...(tags ? { tags } : {}), ...(priority ? { priority } : {}), sessionId: context.taskId });
      return { result: { issue_id: issue.id, title: issue.title }, undo: { kind: 'issue_created', index: context.index, command_id: context.commandId, op: envelope.op, issue_id: issue.id }, fileRefs: [] };
    }
    case 'issue.close': {
      const before = await deps.issues.get(envelope.params.id);
      if (before === null) throw new ControlRoomError('issue_not_found', `No issue ${envelope.params.id}.`);
      await deps.issues.update(before.id, { status: 'closed' });
      return {
        result: { issue_id: before.id, status: 'closed', previous_status: before.status },
        undo: { kind: 'issue_status', index: context.index, command_id: context.commandId, op: envelope.op, issue_id: before.id, previous_status: before.status },
        fileRefs: [],
      };
    }
    case 'canon.rebuild': {
      if (!deps.rebuildCanon) throw new ControlRoomError('canon_rebuild_unavailable', 'The canon index cannot be rebuilt from here.');
      const outcome = toJsonValue(await deps.rebuildCanon(envelope.params));
      return { result: { rebuilt: true, ...(outcome === undefined || outcome === null ? {} : { outcome }) }, undo: null, fileRefs: [] };
    }
  }
}
