import { MCP_SESSION_PREFIX } from '../../protocol/index.js';
import { sha256Hex } from '../receipts/index.js';

/** Longest slug kept from a client's name, so the session id stays a short folder name. */
const MAX_SLUG = 60;

/**
 * The audit session of an MCP client: `mcp-` and the client's name as a lower-case slug
 * (`Claude Desktop` → `mcp-claude-desktop`). Only letters, digits and `-` survive, so no name can
 * climb out of the audit folder; a name with nothing latin in it gets a short hash instead.
 */
export function mcpSessionId(clientName: string | undefined): string {
  const name = (clientName ?? '').trim();
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
  if (slug !== '') return `${MCP_SESSION_PREFIX}${slug}`;
  return name === '' ? `${MCP_SESSION_PREFIX}client` : `${MCP_SESSION_PREFIX}client-${sha256Hex(name).slice(0, 8)}`;
}
