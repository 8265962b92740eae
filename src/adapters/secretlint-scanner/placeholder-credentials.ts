/**
 * Passwords in addresses that only stand for one (`mongodb://user:password@localhost`,
 * `https://${user}:${pass}@…`, `YOUR_PASSWORD`, `xxxx`): the connection-string and basic-auth
 * rules report them, yet nothing real is there to hide.
 */
const PLACEHOLDER_PASSWORDS = new Set(['password', 'passwd', 'mypassword', 'yourpassword', 'changeme']);
const USER_AND_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/([^:/@\s]*):([^@\s]*)@/i;

/** Whether a reported address carries a placeholder rather than a password. */
export function isPlaceholderCredential(found: string): boolean {
  const parts = USER_AND_PASSWORD.exec(found.replace(/^jdbc:/i, ''));
  if (!parts) return false;
  const [, user = '', password = ''] = parts;
  const lower = password.toLowerCase();
  return (
    PLACEHOLDER_PASSWORDS.has(lower) ||
    lower === user.toLowerCase() ||
    password.length < 4 ||
    /^(.)\1+$/.test(password) ||
    /^(?:\$[({]|\{|<|%)/.test(password) ||
    /^(?:your|replace|enter|insert)[_-]?/i.test(password) ||
    /[_-]password$/i.test(password)
  );
}
