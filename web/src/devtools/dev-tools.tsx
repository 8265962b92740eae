import { Tabs, tabPanelProps } from '../common/index.js';
import { FlagsView } from './flags-view.js';
import { ReceiptsViewer } from './receipts-viewer.js';
import { TelemetryView } from './telemetry-view.js';
import { TraceView } from './trace-view.js';

export type DevToolsSection = 'receipts' | 'telemetry' | 'traces' | 'flags';

export interface DevToolsFocus {
  section: DevToolsSection;
  sessionId: string | null;
  roundId: string | null;
}

const SECTIONS = [
  { id: 'receipts' as const, label: 'Receipts' },
  { id: 'telemetry' as const, label: 'Telemetry' },
  { id: 'traces' as const, label: 'Traces' },
  { id: 'flags' as const, label: 'Flags' },
];

/** For looking under the hood: tool receipts, rejection telemetry and decision traces. */
export function DevTools({ focus, onFocus }: { focus: DevToolsFocus; onFocus: (focus: DevToolsFocus) => void }) {
  return (
    <div className="dev-tools">
      <Tabs label="Dev Tools" idPrefix="devtools" tabs={SECTIONS} selected={focus.section} onSelect={(section) => onFocus({ ...focus, section })} />
      <div {...tabPanelProps('devtools', focus.section)} className="subpanel">
        {focus.section === 'receipts' ? <ReceiptsViewer initialSession={focus.sessionId} /> : null}
        {focus.section === 'telemetry' ? <TelemetryView /> : null}
        {focus.section === 'traces' ? <TraceView roundId={focus.roundId} onSelect={(roundId) => onFocus({ ...focus, roundId })} /> : null}
        {focus.section === 'flags' ? <FlagsView /> : null}
      </div>
    </div>
  );
}
