import { useId, useRef, useState } from 'react';

/** The longest message the server takes (chat turns, conference rounds and tasks alike). */
export const MESSAGE_LIMIT = 20_000;
/** The count shows once a message is this long, so it never surprises the writer at the limit. */
const COUNT_FROM = 15_000;

interface ComposerProps {
  label: string;
  placeholder: string;
  sending: boolean;
  /** Resolves true when the message was taken; otherwise the text is put back in the box. */
  onSend: (message: string) => Promise<boolean>;
  /** Stops the answer under way (a Stop button shows beside Send while sending). */
  onStop?: () => void;
  /** What the send button says (default Send). */
  sendLabel?: string;
}

const formatCount = (count: number): string => count.toLocaleString('en-US');

/**
 * The message box: Enter sends, Shift+Enter starts a new line, and Enter that finishes a word in
 * an input method (Japanese, Chinese, Korean…) never sends. The length is shown near the limit
 * and a message over it cannot be sent. A message that fails comes back to the box.
 */
export function Composer({ label, placeholder, sending, onSend, onStop, sendLabel = 'Send' }: ComposerProps) {
  const [text, setText] = useState('');
  const id = useId();
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const countId = `${id}-count`;
  const length = text.trim().length;
  const tooLong = length > MESSAGE_LIMIT;
  const submit = async (): Promise<void> => {
    const message = text.trim();
    if (!message || sending || tooLong) return;
    setText('');
    const taken = await onSend(message).catch(() => false);
    if (!taken) setText((current) => (current.trim() === '' ? message : current));
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="composer-box">
        <textarea
          id={id}
          ref={boxRef}
          value={text}
          rows={2}
          placeholder={placeholder}
          aria-describedby={countId}
          aria-invalid={tooLong}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // keyCode 229 is what browsers report for keys an input method is still handling.
            const composing = event.nativeEvent.isComposing || event.keyCode === 229;
            if (event.key === 'Enter' && !event.shiftKey && !composing) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <span id={countId} className={`composer-count${tooLong ? ' composer-count-over' : ''}`} data-testid="composer-count" aria-live="polite">
          {tooLong
            ? `${formatCount(length)} / ${formatCount(MESSAGE_LIMIT)} characters — ${formatCount(length - MESSAGE_LIMIT)} too many to send`
            : length >= COUNT_FROM
              ? `${formatCount(length)} / ${formatCount(MESSAGE_LIMIT)} characters`
              : ''}
        </span>
      </div>
      <div className="composer-actions">
        {sending && onStop ? (
          <button
            type="button"
            className="stop-button"
            onClick={() => {
              onStop();
              // The Stop button goes away with the answer; the focus goes where the message comes back.
              boxRef.current?.focus();
            }}
          >
            <span className="stop-mark" aria-hidden="true" /> Stop
          </button>
        ) : null}
        <button type="submit" className="primary-button" disabled={sending || length === 0 || tooLong} aria-busy={sending}>
          {sending ? <span className="spinner spinner-light" aria-hidden="true" /> : null} {sendLabel}
        </button>
      </div>
    </form>
  );
}
