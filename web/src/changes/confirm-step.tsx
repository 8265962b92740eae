import { useEffect, useId, useRef, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { ConfirmationListing, TaskOutcome } from '../api/index.js';
import { Notice } from '../common/index.js';

interface ConfirmStepProps {
  confirmation: ConfirmationListing;
  onAnswered: (outcome: TaskOutcome) => void;
}

/**
 * Confirming a change as its level requires. Level 3: one Confirm. Level 4: a first Confirm, then
 * a second, separate act — a different button that stays disabled until the writer ticks that
 * they reviewed the change — carrying the step token the first answer returned. Refuse is always
 * there while the request is open.
 */
export function ConfirmStep({ confirmation, onAnswered }: ConfirmStepProps) {
  const accepted = confirmation.records.filter((record) => record.confirmed).length;
  const [stepToken, setStepToken] = useState<string | null>(null);
  const [reviewed, setReviewed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const secondRef = useRef<HTMLInputElement>(null);
  const checkId = useId();
  const needsSecond = confirmation.required === 2 && (accepted >= 1 || stepToken !== null);

  // Coming back to a request whose first confirmation was given: asking again replays that answer and returns its token.
  useEffect(() => {
    if (confirmation.required !== 2 || accepted < 1 || stepToken !== null) return;
    api.answerConfirmation(confirmation.confirmation_id, { accept: true }).then(
      (outcome) => setStepToken(outcome.confirmation?.stepToken ?? null),
      (error: unknown) => setProblem(describeError(error)),
    );
  }, [confirmation.confirmation_id, confirmation.required, accepted, stepToken]);
  useEffect(() => {
    if (needsSecond) secondRef.current?.focus();
  }, [needsSecond]);

  const answer = async (body: { accept: boolean; stepToken?: string }): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await api.answerConfirmation(confirmation.confirmation_id, body);
      if (outcome.status === 'awaiting_confirmation' && outcome.confirmation?.stepToken) setStepToken(outcome.confirmation.stepToken);
      onAnswered(outcome);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="confirm-step" data-testid="confirm-step" data-step={needsSecond ? 2 : 1}>
      <p className="confirm-prompt">{confirmation.prompt}</p>
      {problem ? <Notice tone="bad" title="Not answered">{problem}</Notice> : null}
      {needsSecond ? (
        <div className="second-confirmation" role="group" aria-label="Second confirmation">
          <Notice tone="warn" title="First confirmation given — a second, separate one is needed">
            Nothing has changed yet. Read the changes above once more before you confirm again.
          </Notice>
          <label htmlFor={checkId} className="attendee-choice">
            <input ref={secondRef} id={checkId} type="checkbox" checked={reviewed} onChange={(event) => setReviewed(event.target.checked)} />
            <span>I have reviewed these changes again and want them applied.</span>
          </label>
          <div className="button-row">
            <button type="button" className="danger-button" disabled={busy || !reviewed || stepToken === null} onClick={() => void answer({ accept: true, stepToken: stepToken! })}>
              Confirm again and apply
            </button>
            <button type="button" className="small-button" disabled={busy} onClick={() => void answer({ accept: false })}>
              Refuse
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="primary-button" disabled={busy} onClick={() => void answer({ accept: true })}>
            {confirmation.required === 2 ? 'Confirm (1 of 2)' : 'Confirm and apply'}
          </button>
          <button type="button" className="small-button" disabled={busy} onClick={() => void answer({ accept: false })}>
            Refuse
          </button>
        </div>
      )}
    </div>
  );
}
