import { useState } from 'react';
import type { VerifiedReceipt } from '../api/index.js';
import { ShortId, VerifiedBadge } from './badges.js';
import { JsonView } from './json-view.js';

const time = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** Receipts with their verified badges; opening one shows its full signed JSON. */
export function ReceiptList({ receipts, empty }: { receipts: VerifiedReceipt[]; empty: string }) {
  const [open, setOpen] = useState<string | null>(null);
  if (receipts.length === 0) return <p className="hint">{empty}</p>;
  return (
    <ul className="receipt-list" aria-label="Receipts">
      {receipts.map((receipt) => (
        <li key={receipt.receipt_id} className="receipt" data-testid={`receipt-${receipt.receipt_id}`} data-verified={receipt.verified}>
          <button
            type="button"
            className="receipt-row"
            aria-expanded={open === receipt.receipt_id}
            onClick={() => setOpen((current) => (current === receipt.receipt_id ? null : receipt.receipt_id))}
          >
            <span className="receipt-tool">{receipt.tool_id}</span>
            <ShortId id={receipt.receipt_id} />
            <span className="receipt-agent">{receipt.agent_id}</span>
            <span className={`receipt-status status-${receipt.status}`}>{receipt.status}</span>
            <span className="receipt-time">{time(receipt.timestamp)}</span>
            <VerifiedBadge verified={receipt.verified} />
          </button>
          {open === receipt.receipt_id ? <JsonView value={receipt} label={`Receipt ${receipt.receipt_id}`} /> : null}
        </li>
      ))}
    </ul>
  );
}
