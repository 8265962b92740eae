import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, RECEIPT_ID_PATTERN, ToolReceiptSchema } from '../../protocol/index.js';
import { readAuditKeyInfo, verifyWorkspaceAudit } from '../../adapters/jsonl-audit-log/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, IdParamsSchema, jsonContent, named, SafeIdSchema, untypedResponse } from '../schemas.js';
import { verifiedSessionReceipts } from '../verified-receipts.js';

/** A signed receipt, marked verified when its signature and its place in the chain check out. */
export const VerifiedReceiptSchema = named(ToolReceiptSchema.extend({ verified: z.boolean() }), 'VerifiedReceipt');

/** What a check of the whole audit log found (`AuditVerifyReport` of src/protocol/receipts.ts). */
const AuditVerifyReportSchema = z.object({
  ok: z.boolean(),
  sessions: z.number().int(),
  receipts: z.number().int(),
  firstBad: z.object({ file: z.string(), line: z.number().int(), reason: z.string() }).nullable().describe('the first line that failed, else null'),
}).openapi('VerifyAuditResponse');

const sessionsRoute = createRoute({
  method: 'get',
  path: '/api/audit/sessions',
  operationId: 'listAuditSessions',
  tags: ['audit'],
  summary: 'Sessions that have signed receipts',
  responses: { 200: jsonContent(z.object({ sessions: z.array(z.string()) }).openapi('ListAuditSessionsResponse'), 'Session ids') },
});
const receiptsRoute = createRoute({
  method: 'get',
  path: '/api/audit/sessions/{id}/receipts',
  operationId: 'exportSessionReceipts',
  tags: ['audit'],
  summary: 'A session’s receipts in order, each marked verified (signature and chain)',
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(z.object({ receipts: z.array(VerifiedReceiptSchema) }).openapi('ExportSessionReceiptsResponse'), 'The receipts'), ...errorResponses(400, 404) },
});
const rawRoute = createRoute({
  method: 'get',
  path: '/api/audit/sessions/{id}/tool-receipts',
  operationId: 'listSessionToolReceipts',
  tags: ['audit'],
  summary: 'A session’s receipt log exactly as stored (JSON lines)',
  request: { params: IdParamsSchema },
  responses: { 200: { description: 'The raw log', content: { 'application/x-ndjson': { schema: z.string() } } }, ...errorResponses(400, 404) },
});
const linkRoute = createRoute({
  method: 'post',
  path: '/api/audit/sessions/{id}/link-issue',
  operationId: 'linkReceiptsToIssue',
  tags: ['audit'],
  summary: 'Copy a session’s receipts (all, or the listed ones) into an issue’s audit folder',
  request: {
    params: IdParamsSchema,
    body: {
      content: { 'application/json': { schema: z.strictObject({ issueId: SafeIdSchema, receiptIds: z.array(z.string().regex(RECEIPT_ID_PATTERN)).max(1000).optional() }).openapi('LinkReceiptsToIssueRequest') } },
      required: true,
    },
  },
  responses: { 200: jsonContent(z.object({ linked: z.number().int(), file: z.string() }).openapi('LinkReceiptsToIssueResponse'), 'How many were newly linked, and where'), ...errorResponses(400, 404, 413) },
});
const verifyRoute = createRoute({
  method: 'get',
  path: '/api/audit/verify',
  operationId: 'verifyAudit',
  tags: ['audit'],
  summary: 'Check every receipt signature, chain and seal; name the first bad line',
  request: {
    query: z.strictObject({
      pubkey: z.string().max(200).optional().describe('fingerprint of the key the writer pinned: the log must be signed with exactly that key'),
    }),
  },
  responses: {
    200: jsonContent(AuditVerifyReportSchema, 'The report'),
    ...errorResponses(400, 409),
  },
});
const keyRoute = createRoute({
  method: 'get',
  path: '/api/audit/key',
  operationId: 'getAuditKey',
  tags: ['audit'],
  summary: 'The workspace’s audit signing key: Ed25519 fingerprint (to write down or pin) and public key (to export)',
  responses: {
    200: jsonContent(
      z.object({ algorithm: z.literal('Ed25519'), fingerprint: z.string(), fingerprintGrouped: z.string(), publicKeyPem: z.string() }).openapi('GetAuditKeyResponse'),
      'The public key and its fingerprint',
    ),
    ...errorResponses(409),
  },
});

/** Receipts, raw logs, issue links and verification of the signed audit log (SPEC §6). */
export function registerAuditRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  const requireSession = async (id: string): Promise<void> => {
    if (!(await room.auditLog.sessions()).includes(id)) {
      throw new ControlRoomError('session_not_found', `No receipts for session ${id}. List the sessions with GET /api/audit/sessions.`);
    }
  };
  app.openapi(sessionsRoute, async (c) => c.json({ sessions: (await room.auditLog.sessions()).sort() }, 200));
  app.openapi(receiptsRoute, async (c) => {
    const { id } = c.req.valid('param');
    await requireSession(id);
    const receipts = await verifiedSessionReceipts(room.root, await room.auditLog.rawLines(id));
    return c.json({ receipts }, 200);
  });
  app.openapi(rawRoute, async (c) => {
    const { id } = c.req.valid('param');
    await requireSession(id);
    const lines = await room.auditLog.rawLines(id);
    return untypedResponse(c.body(lines.map((line) => `${line.raw}\n`).join(''), 200, { 'content-type': 'application/x-ndjson; charset=utf-8' }));
  });
  app.openapi(linkRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { issueId, receiptIds } = c.req.valid('json');
    await requireSession(id);
    const issue = await room.issues.get(issueId);
    if (!issue) throw new ControlRoomError('issue_not_found', `No issue ${issueId}. List the issues with GET /api/issues.`);
    const result = await room.auditLog.linkToIssue(id, issueId, receiptIds);
    const linkedIds = (await room.auditLog.issueReceipts(issueId)).map((receipt) => receipt.receipt_id);
    await room.issues.update(issueId, { receiptIds: [...new Set([...issue.receiptIds, ...linkedIds])], sessionId: issue.sessionId ?? id });
    return c.json(result, 200);
  });
  app.openapi(verifyRoute, async (c) => {
    const { pubkey } = c.req.valid('query');
    const { report } = await verifyWorkspaceAudit(room.root, pubkey === undefined ? {} : { pinnedFingerprint: pubkey });
    return c.json(report, 200);
  });
  app.openapi(keyRoute, async (c) => c.json(await readAuditKeyInfo(room.root), 200));
}
