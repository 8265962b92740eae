import type { ReactNode } from 'react';

/** A boxed message: information, a warning, or a failure the writer should act on. */
export function Notice({ tone, title, children, testId }: { tone: 'info' | 'warn' | 'bad'; title?: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'bad' ? 'alert' : 'status'} data-testid={testId}>
      {title ? <strong className="notice-title">{title}</strong> : null}
      {children ? <div className="notice-body">{children}</div> : null}
    </div>
  );
}

/** The standard "could not load" line. */
export function LoadError({ error }: { error: string | null }) {
  return error ? <Notice tone="bad" title="Could not load">{error}</Notice> : null;
}
