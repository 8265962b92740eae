import { CORE_TOOL_IDS } from '../../../src/protocol/index.js';

/** The tool policy of a request, as the API takes it (chat and conference rounds alike). */
export interface ToolPolicy {
  requireTool?: boolean;
  allowedTools?: string[];
}

/** Plain words for each lookup, as the writer sees them (tool ids stay behind the scenes). */
const LOOKUP_WORDS: Record<string, string> = {
  file_locator: 'find files',
  file_reader: 'read a file',
  outline_analyzer: 'the outline',
  canon_checker: 'check against canon',
  task_router: 'who should answer',
  search_issues: 'filed issues',
  prose_analyzer: 'prose measures',
  consistency_checker: 'cross-check files',
  scene_draft_validator: 'scene against its beat',
};

/** The policy to send: nothing when every lookup is allowed and none is required. */
export function policyToSend(policy: ToolPolicy): ToolPolicy | undefined {
  const allowed = policy.allowedTools && policy.allowedTools.length < CORE_TOOL_IDS.length ? policy.allowedTools : undefined;
  if (!policy.requireTool && !allowed) return undefined;
  return { ...(policy.requireTool ? { requireTool: true } : {}), ...(allowed ? { allowedTools: allowed } : {}) };
}

/** "Lookups" for the next message: require one first, and which kinds the agents may make. */
export function ToolPolicyControls({ policy, onChange, disabled }: { policy: ToolPolicy; onChange: (next: ToolPolicy) => void; disabled?: boolean }) {
  const allowed = new Set(policy.allowedTools ?? CORE_TOOL_IDS);
  const toggle = (id: string, on: boolean): void => {
    const next = CORE_TOOL_IDS.filter((tool) => (tool === id ? on : allowed.has(tool)));
    onChange({ ...policy, allowedTools: next });
  };
  return (
    <details className="tool-policy" data-testid="tool-policy">
      <summary>Lookups{policy.requireTool ? ' · required' : ''}{allowed.size < CORE_TOOL_IDS.length ? ` · ${allowed.size} of ${CORE_TOOL_IDS.length} kinds` : ''}</summary>
      <label className="tool-policy-require">
        <input type="checkbox" checked={policy.requireTool === true} disabled={disabled} onChange={(event) => onChange({ ...policy, requireTool: event.target.checked })} />
        Always look something up in the manuscript before answering
      </label>
      <fieldset disabled={disabled}>
        <legend>Kinds of lookup allowed</legend>
        {CORE_TOOL_IDS.map((id) => (
          <label key={id} className="tool-policy-tool">
            <input type="checkbox" checked={allowed.has(id)} onChange={(event) => toggle(id, event.target.checked)} aria-label={`Allow ${LOOKUP_WORDS[id] ?? id}`} />
            {LOOKUP_WORDS[id] ?? id}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
