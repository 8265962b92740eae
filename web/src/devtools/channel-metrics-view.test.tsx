import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChannelStats } from '../api/index.js';
import { ChannelStatsTable } from './channel-metrics-view.js';

const stats = (overrides: Partial<ChannelStats>): ChannelStats => ({
  accepted: 0, rejected: 0, successRate: null, jsonParseErrors: 0, fallbacks: 0, fallbackRate: null, retries: 0, replies: 0,
  latencyMs: { p50: null, p95: null, p99: null },
  ...overrides,
});

describe('the Dev Tools table of tool-call channels', () => {
  it('shows success rate, JSON errors, fallback rate, retries and latency percentiles per row', () => {
    const html = renderToStaticMarkup(
      <ChannelStatsTable
        caption="By channel"
        testId="channels"
        rows={[
          ['json', stats({ accepted: 9, rejected: 3, successRate: 0.75, jsonParseErrors: 2, fallbacks: 1, fallbackRate: 0.125, retries: 4, replies: 8, latencyMs: { p50: 410.4, p95: 1200, p99: 2250.6 } })],
          ['text', stats({})],
        ]}
      />,
    );
    expect(html).toContain('<caption>By channel</caption>');
    expect(html).toContain('9/12 (75.0%)');
    expect(html).toContain('12.5%');
    expect(html).toContain('410 ms / 1200 ms / 2251 ms');
    expect(html).toMatch(/class="count-nonzero">2</);
    expect(html).toMatch(/class="count-nonzero">4</);
    // Nothing measured shows as a dash, never as 0%.
    expect(html).toContain('0/0 (—)');
    expect(html).toContain('— / — / —');
  });

  it('leaves out a table with no rows', () => {
    expect(renderToStaticMarkup(<ChannelStatsTable caption="By model" testId="models" rows={[]} />)).toBe('');
  });
});
