import { OpenAPIHono } from '@hono/zod-openapi';
import { MCP_HTTP_PATH } from '../protocol/index.js';
import { bodyLimit } from 'hono/body-limit';
import { AllowedHosts } from './allowed-hosts.js';
import { bearerAuth } from './bearer-auth.js';
import { emptyJsonBody } from './empty-json-body.js';
import { errorResponse, handleError, invalidRequest } from './error-response.js';
import { registerAgentRoutes } from './routes/agents.js';
import { registerAuditRoutes } from './routes/audit.js';
import { registerChatRoutes } from './routes/chat.js';
import { registerConferenceRoutes } from './routes/conferences.js';
import { registerConversationRoutes } from './routes/conversations.js';
import { registerFlagRoutes } from './routes/flags.js';
import { registerNotificationRoutes } from './routes/notifications.js';
import { registerChatIssueRoutes } from './routes/chat-issue.js';
import { registerHealthRoutes } from './routes/health.js';
import { IMPORT_UPLOAD_PATH, registerImportRoutes } from './routes/import.js';
import { registerIssueRoutes } from './routes/issues.js';
import { registerSettingsRoutes } from './routes/settings.js';
import { registerTelemetryRoutes } from './routes/telemetry.js';
import { registerTraceRoutes } from './routes/traces.js';
import { registerVfsRoutes } from './routes/vfs.js';
import { registerAudioRoutes } from './routes/audio.js';
import { registerCanonRoutes } from './routes/canon.js';
import { registerConfirmationRoutes } from './routes/confirmations.js';
import { registerMemoryRoutes } from './routes/memory.js';
import { registerMcpRoute } from './routes/mcp.js';
import { registerRunRoutes } from './routes/runs.js';
import { registerTaskRoutes } from './routes/tasks.js';
import { registerToolRoutes } from './routes/tools.js';
import { registerStoryRoutes } from './routes/story.js';
import { registerModelRoutes } from './routes/models.js';
import { registerChannelMetricsRoutes } from './routes/channel-metrics.js';
import { openApiConfig, OPENAPI_PATH } from './openapi-document.js';
import { requestGuard } from './request-guard.js';
import type { ServerApp } from './server-app.js';
import { createServerContext } from './server-context.js';
import type { ServerDependencies } from './server-dependencies.js';
import { webAppHandler } from './static-web-app.js';

/** Request bodies above this are refused with 413 `payload_too_large`. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The HTTP API (SPEC §11) as a Hono app: thin routes over the same use
 * cases as the CLI, zod-validated bodies, one error table, SSE for chat and conference rounds, the
 * OpenAPI document at `/api/openapi.json`, and the built web app for every other path.
 */
export function createApp(deps: ServerDependencies): ServerApp {
  const context = createServerContext(deps);
  const app: ServerApp = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) return invalidRequest(c, result.error, result.target === 'json' ? 'body' : result.target === 'param' ? 'path' : result.target);
      return undefined;
    },
  });
  app.onError((error, c) => handleError(error, c, context.development));
  // Before every route, the web app's included: a page of another site gets nothing and changes nothing.
  app.use('*', requestGuard(deps.allowedHosts ?? new AllowedHosts()));
  if (deps.token) app.use('/api/*', bearerAuth(deps.token));
  if (deps.token) app.use(MCP_HTTP_PATH, bearerAuth(deps.token));
  const limit = deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const jsonLimit = bodyLimit({
    maxSize: limit,
    onError: (c) => errorResponse(c, { status: 413, code: 'payload_too_large', message: `The request body is larger than ${limit} bytes; send less at once.` }),
  });
  // Audio and import uploads carry their own, larger limits (checked by their routes);
  // every other body is JSON, read within the limit (an empty one as `{}`).
  const emptyJson = emptyJsonBody();
  app.use('/api/*', (c, next) =>
    c.req.method === 'POST' && (c.req.path === '/api/audio' || c.req.path === IMPORT_UPLOAD_PATH)
      ? next()
      : jsonLimit(c, async () => {
          await emptyJson(c, next);
        }),
  );
  registerHealthRoutes(app, context);
  registerAgentRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerModelRoutes(app, context);
  registerVfsRoutes(app, context);
  registerChatRoutes(app, context);
  registerConferenceRoutes(app, context);
  registerConversationRoutes(app, { states: context.room.states });
  registerFlagRoutes(app, context);
  registerNotificationRoutes(app, { notifications: context.room.notifications });
  registerChatIssueRoutes(app, context);
  registerIssueRoutes(app, context);
  registerAuditRoutes(app, context);
  registerTelemetryRoutes(app, context);
  registerChannelMetricsRoutes(app, context);
  registerTraceRoutes(app, context);
  registerMemoryRoutes(app, { memory: context.room.memory });
  registerAudioRoutes(app, { audio: context.room.audio, traces: context.room.traces, retention: deps.audioRetention ?? null });
  registerCanonRoutes(app, context);
  registerRunRoutes(app, context);
  registerTaskRoutes(app, context);
  registerConfirmationRoutes(app, context);
  registerToolRoutes(app, context);
  registerStoryRoutes(app, context);
  registerImportRoutes(app, context, deps.imports ?? {});
  app.doc31(OPENAPI_PATH, openApiConfig(deps.version));
  registerMcpRoute(app, context, { maxBodyBytes: limit });
  app.all('/api/*', (c) => errorResponse(c, { status: 404, code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}. The routes are listed at /api/openapi.json.` }));
  app.get('*', webAppHandler(deps.webRoot ?? null));
  return app;
}
