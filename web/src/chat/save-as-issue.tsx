import { useState } from 'react';
import { api, describeError } from '../api/index.js';
import { useNavigation } from '../navigation.js';

/** "Save as issue": the conversation so far becomes an issue with its receipts linked, then opens from here. */
export function SaveChatAsIssue({ sessionId, disabled }: { sessionId: string | null; disabled: boolean }) {
  const navigation = useNavigation();
  const [saved, setSaved] = useState<{ sessionId: string; issueId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!sessionId) return null;
  const save = () => {
    setSaving(true);
    setError(null);
    api.createIssueFromChat(sessionId).then(
      (created) => {
        setSaved({ sessionId, issueId: created.issueId });
        setSaving(false);
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setSaving(false);
      },
    );
  };
  const current = saved?.sessionId === sessionId ? saved : null;
  return (
    <span className="save-chat-issue">
      <button type="button" className="link-button" disabled={disabled || saving} onClick={save} data-testid="save-chat-issue">
        Save as issue
      </button>
      {current ? (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => navigation.showIssue(current.issueId)}>
            Saved as {current.issueId}
          </button>
        </>
      ) : null}
      {error ? (
        <span className="hint" role="status">
          {' '}
          Could not save: {error}
        </span>
      ) : null}
    </span>
  );
}
