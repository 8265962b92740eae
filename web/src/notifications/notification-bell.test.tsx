import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../api/index.js';
import { NotificationItem } from './notification-bell.js';

const entry = (overrides: Partial<Notification>): Notification => ({
  id: 'ntf_00000000-0000-7000-8000-000000000001',
  kind: 'confirmation',
  key: 'confirmation:cfm_1',
  title: 'A level-3 change waits for your confirmation',
  detail: 'Rebuild the canon index. Review it in Changes.',
  link: { screen: 'changes', id: 'task-1' },
  created_at: '2026-03-01T10:00:00.000Z',
  dismissed_at: null,
  ...overrides,
});

describe('a notification in the bell’s panel', () => {
  it('says what waits, what to do, and offers a way there and a dismiss named for it', () => {
    const html = renderToStaticMarkup(<NotificationItem entry={entry({})} onOpen={() => undefined} onDismiss={() => undefined} />);
    expect(html).toContain('Confirmation');
    expect(html).toContain('A level-3 change waits for your confirmation');
    expect(html).toContain('Rebuild the canon index. Review it in Changes.');
    expect(html).toContain('>Open<');
    expect(html).toContain('aria-label="Dismiss: A level-3 change waits for your confirmation"');
  });

  it('has no Open where it leads nowhere in the app, and escapes what it shows', () => {
    const html = renderToStaticMarkup(
      <NotificationItem entry={entry({ kind: 'import_finished', title: 'Import of <b>notes</b> finished', link: null, detail: '' })} onOpen={null} onDismiss={() => undefined} />,
    );
    expect(html).toContain('Import');
    expect(html).not.toContain('>Open<');
    expect(html).not.toContain('<b>notes</b>');
    expect(html).not.toContain('notification-detail');
  });
});
