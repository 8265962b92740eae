import os from 'node:os';

/** Who writes an open round: the machine, the process and the store instance in that process. */
export interface WriterIdentity {
  host: string;
  pid: number;
  instance_id: string;
}

/** Store instances open in this process; a closed instance's rounds are treated as interrupted. */
const liveInstances = new Set<string>();

/** The identity of a store instance opened in this process. */
export function currentWriter(instanceId: string): WriterIdentity {
  return { host: os.hostname(), pid: process.pid, instance_id: instanceId };
}

/** Records that an instance of this process is open (true) or closed (false). */
export function setInstanceLive(instanceId: string, live: boolean): void {
  if (live) liveInstances.add(instanceId);
  else liveInstances.delete(instanceId);
}

/**
 * Whether the writer of an open round may still be running. Another machine cannot be writing:
 * SQLite's WAL mode needs memory shared between the writers, so one file is never written from two
 * hosts at once. In this process, the instance must still be open; another process must exist
 * (`kill(pid, 0)`; EPERM means it exists but belongs to someone else). A reused pid keeps a dead
 * writer's round open until that process ends too — the safe side of the mistake.
 */
export function isWriterAlive(writer: WriterIdentity): boolean {
  if (writer.host !== os.hostname()) return false;
  if (writer.pid === process.pid) return liveInstances.has(writer.instance_id);
  try {
    process.kill(writer.pid, 0);
    return true;
  } catch (error) {
    return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EPERM';
  }
}
