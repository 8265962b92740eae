import { useId, useState } from 'react';

interface ComposerProps {
  label: string;
  placeholder: string;
  sending: boolean;
  /** Resolves true when the message was taken (the box is then cleared). */
  onSend: (message: string) => Promise<boolean>;
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer({ label, placeholder, sending, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = async (): Promise<void> => {
    const message = text.trim();
    if (!message || sending) return;
    setText('');
    const taken = await onSend(message);
    if (!taken) setText((current) => current || message);
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
      <textarea
        id={id}
        value={text}
        rows={2}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <button type="submit" className="primary-button" disabled={sending || text.trim() === ''} aria-busy={sending}>
        {sending ? <span className="spinner spinner-light" aria-hidden="true" /> : null} Send
      </button>
    </form>
  );
}
