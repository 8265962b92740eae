import { api } from '../api/index.js';
import { LoadError } from '../common/index.js';
import { useAsync } from '../use-async.js';

/**
 * The key that seals the audit log: its fingerprint, grouped for reading aloud, to write down; its
 * public key to export; and the fingerprint the writer pinned, which the next verify checks against
 * (a log re-signed with new keys passes every other check).
 */
export function AuditKeyPanel({ pinned, onPinnedChange }: { pinned: string; onPinnedChange: (value: string) => void }) {
  const key = useAsync(() => api.auditKey(), []);
  const exported = key.data ? `data:application/x-pem-file;charset=utf-8,${encodeURIComponent(key.data.publicKeyPem)}` : undefined;
  return (
    <div className="audit-key" data-testid="audit-key">
      <LoadError error={key.error} />
      {key.data ? (
        <p className="hint">
          Signing key (Ed25519) fingerprint: <code data-testid="audit-key-fingerprint">{key.data.fingerprintGrouped}</code>{' '}
          <a href={exported} download="control-room-ed25519.pub">
            Export public key
          </a>
        </p>
      ) : null}
      <label className="hint">
        Pinned fingerprint{' '}
        <input
          type="text"
          value={pinned}
          onChange={(event) => onPinnedChange(event.target.value)}
          placeholder="the fingerprint you wrote down (optional)"
          size={48}
          spellCheck={false}
          data-testid="audit-key-pin"
        />
      </label>
    </div>
  );
}
