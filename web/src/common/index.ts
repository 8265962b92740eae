export { Pill, ShortId, VerifiedBadge } from './badges.js';
export { CitationChip } from './citation-chip.js';
export { Composer } from './composer.js';
export { JsonView } from './json-view.js';
export { LoadError, Notice } from './notice.js';
export { ReceiptList } from './receipt-list.js';
export { ReplyText } from './reply-text.js';
export { Tabs, tabPanelProps } from './tabs.js';
export type { TabItem } from './tabs.js';
