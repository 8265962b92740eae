import type { ReactNode } from 'react';

/** A receipt's signature check: verified (green) or not (red). */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <span className={`badge ${verified ? 'badge-ok' : 'badge-bad'}`} data-testid="verified-badge" data-verified={verified}>
      {verified ? 'Verified' : 'Not verified'}
    </span>
  );
}

/** A short label in a coloured pill. */
export function Pill({ tone = 'neutral', children, title }: { tone?: 'neutral' | 'ok' | 'warn' | 'bad' | 'info'; children: ReactNode; title?: string }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}

/** Shows a receipt id shortened, with the full id on hover. */
export function ShortId({ id }: { id: string }) {
  const short = id.length > 22 ? `${id.slice(0, 13)}…${id.slice(-6)}` : id;
  return (
    <code className="short-id" title={id}>
      {short}
    </code>
  );
}
