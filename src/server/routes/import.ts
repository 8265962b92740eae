import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { ImportJobSchema, type ImportJob } from '../../protocol/imports.js';
import type { ControlRoom } from '../../adapters/compose/index.js';
import { notifyImportFinished } from '../../core/notifications/index.js';
import { errorResponse } from '../error-response.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent } from '../schemas.js';
import { ImportJobs } from './import-jobs.js';
import { DEFAULT_IMPORT_UPLOAD_LIMITS, readImportUpload, type ImportUploadLimits } from './import-upload.js';

/** The upload route's path; the app-wide JSON body limit must not apply to a POST here. */
export const IMPORT_UPLOAD_PATH = '/api/import';

/** Room for multipart framing and the `path` field around each file. */
const FRAMING_BYTES = 64 * 1024;
const FRAMING_BYTES_PER_FILE = 4 * 1024;

/** What the import routes use of the server context (a `ServerContext` fits). */
export interface ImportRouteContext {
  room: Pick<ControlRoom, 'root' | 'notifications'>;
}

/** Options of the import routes: limits of one upload, where it is staged, who else hears of finished imports. */
export interface ImportRouteOptions {
  limits?: Partial<ImportUploadLimits>;
  tempDir?: string;
  onFinished?: (job: ImportJob) => void;
}

const JobIdParamsSchema = z.object({ id: z.uuid() });
const ImportJobReplySchema = z.object({ job: ImportJobSchema }).openapi('ImportJobReply');
const ImportJobListSchema = z.object({ jobs: z.array(ImportJobSchema) }).openapi('ImportJobList');

const uploadRoute = createRoute({
  method: 'post',
  path: IMPORT_UPLOAD_PATH,
  operationId: 'startImport',
  tags: ['import'],
  summary: 'Import a .docx or a folder (an Obsidian vault, a folder of chapters, a .scriv package) into the workspace in the background; importing the same upload again updates it',
  request: {
    body: {
      description: 'multipart/form-data: for each file a "path" field (its path in the chosen folder, or the .docx name) followed by a "file" field; sent with the X-Control-Room: 1 header',
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              path: { type: 'array', items: { type: 'string' } },
              file: { type: 'array', items: { type: 'string', format: 'binary' } },
              name: { type: 'string', description: 'the folder name when the files share no top folder' },
            },
            required: ['path', 'file'],
          },
        },
      },
      required: true,
    },
  },
  responses: { 202: jsonContent(ImportJobReplySchema, 'The import, started: poll GET /api/import/{id}'), ...errorResponses(400, 409, 413) },
});
const listRoute = createRoute({
  method: 'get',
  path: IMPORT_UPLOAD_PATH,
  operationId: 'listImports',
  tags: ['import'],
  summary: 'Imports this server ran or runs, newest first',
  responses: { 200: jsonContent(ImportJobListSchema, 'The imports') },
});
const getRoute = createRoute({
  method: 'get',
  path: `${IMPORT_UPLOAD_PATH}/{id}`,
  operationId: 'getImport',
  tags: ['import'],
  summary: 'One import, for polling: its progress, then the report (what went where, what was skipped) or why it failed',
  request: { params: JobIdParamsSchema },
  responses: { 200: jsonContent(ImportJobReplySchema, 'The import'), ...errorResponses(400, 404) },
});

async function readForm(c: Context): Promise<FormData> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    throw new ControlRoomError('import_upload_invalid', 'Send the files to import as multipart/form-data: a "path" field before each "file" field.');
  }
  try {
    return await c.req.formData();
  } catch {
    throw new ControlRoomError('import_upload_invalid', 'The upload is not a readable multipart form.');
  }
}

/**
 * `POST /api/import` (multipart), `GET /api/import`, `GET /api/import/{id}`: the web app's side of
 * `control-room import`. The upload is checked in full (count, paths, size) before anything is
 * written, staged in a temporary folder, imported with the CLI's engine and rules, and removed;
 * a finished import, done or failed, raises a notification.
 * Like every state change it passes the request guard, which for a form asks for the app's own
 * header. No confirmation applies: the import never overwrites a file the writer changed, and
 * removes only files an earlier import of the same upload wrote and nobody changed since.
 */
export function registerImportRoutes(app: ServerApp, context: ImportRouteContext, options: ImportRouteOptions = {}): ImportJobs {
  const limits: ImportUploadLimits = { ...DEFAULT_IMPORT_UPLOAD_LIMITS, ...options.limits };
  const jobs = new ImportJobs({
    workspace: context.room.root,
    ...(options.tempDir === undefined ? {} : { tempDir: options.tempDir }),
    onFinished: (job) => {
      // The writer hears of it from any screen, as of a finished run.
      void notifyImportFinished(context.room.notifications, { importId: job.job_id, name: job.name, report: job.report, error: job.error });
      options.onFinished?.(job);
    },
  });
  const windows = process.platform === 'win32';
  app.use(
    IMPORT_UPLOAD_PATH,
    bodyLimit({
      maxSize: limits.maxBytes + FRAMING_BYTES + limits.maxFiles * FRAMING_BYTES_PER_FILE,
      onError: (c) => errorResponse(c, { status: 413, code: 'import_upload_too_large', message: `The upload is larger than ${limits.maxBytes} bytes; at most that much can be imported at once.` }),
    }),
  );
  app.openapi(uploadRoute, async (c) => {
    const upload = readImportUpload(await readForm(c), limits, { windows });
    return c.json({ job: jobs.start(upload) }, 202);
  });
  app.openapi(listRoute, (c) => c.json({ jobs: jobs.list() }, 200));
  app.openapi(getRoute, (c) => c.json({ job: jobs.get(c.req.valid('param').id) }, 200));
  return jobs;
}
