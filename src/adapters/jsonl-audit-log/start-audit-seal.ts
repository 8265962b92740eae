import type { AuditKeyInfo } from '../../protocol/index.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { auditKeyInfo } from './audit-key-info.js';
import { loadReceiptKeys } from './receipt-key-files.js';

export interface StartedAuditSeal {
  key: AuditKeyInfo;
  /** Key files created by this call (workspace-relative). */
  created: string[];
  warnings: string[];
}

/**
 * Makes sure a workspace can seal its audit log from the start: the signing keys exist (created
 * on first use) and, while nothing has been recorded, an empty signed manifest. Returns the key's
 * fingerprint for the writer to note down or export.
 */
export async function startAuditSeal(root: string): Promise<StartedAuditSeal> {
  const loaded = await loadReceiptKeys(root);
  await new JsonlAuditLog(root, { keys: loaded.keys }).startSeal();
  return { key: auditKeyInfo(loaded.keys.ed25519.publicKey), created: loaded.created, warnings: loaded.warnings };
}
