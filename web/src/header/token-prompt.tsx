import { useState } from 'react';
import { setAccessToken } from '../api/index.js';

/** Asks for the server's access token (needed when it listens beyond this machine). */
export function TokenPrompt({ onSaved }: { onSaved: () => void }) {
  const [token, setToken] = useState('');
  return (
    <form
      className="token-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        setAccessToken(token.trim());
        onSaved();
      }}
    >
      <p>
        This Control Room server needs its access token. It was printed when the server started (or is the value of <code>CONTROL_ROOM_TOKEN</code>).
      </p>
      <label>
        Access token{' '}
        <input type="password" autoComplete="off" value={token} onChange={(event) => setToken(event.target.value)} />
      </label>
      <button type="submit" className="primary-button" disabled={token.trim() === ''}>
        Connect
      </button>
    </form>
  );
}
