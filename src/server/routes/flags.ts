import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CASCADE_CHANNELS, DEFAULT_FEATURE_FLAGS, FEATURE_FLAGS_FILE, featureFlagEnvName, FeatureFlagsSchema, type FeatureFlagName } from '../../protocol/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { jsonContent } from '../schemas.js';

const FlagSchema = z.object({
  name: z.string(),
  value: z.union([z.boolean(), z.enum(CASCADE_CHANNELS)]),
  default: z.union([z.boolean(), z.enum(CASCADE_CHANNELS)]),
  source: z.enum(['default', 'config', 'environment']).describe('where the value came from: the environment wins over the file'),
  environment: z.string().describe('the variable that sets it'),
  description: z.string(),
});

const flagsRoute = createRoute({
  method: 'get',
  path: '/api/flags',
  operationId: 'getFeatureFlags',
  tags: ['flags'],
  summary: 'The feature flags in force: newer trace and write paths, audio retention, and the cascade’s tools-only / text-only rollback',
  responses: { 200: jsonContent(z.object({ file: z.string(), flags: FeatureFlagsSchema, list: z.array(FlagSchema) }).openapi('GetFeatureFlagsResponse'), 'The flags') },
});

/** `GET /api/flags`: the flags the server was started with (read once; a restart picks up changes). */
export function registerFlagRoutes(app: ServerApp, context: ServerContext): void {
  const { flags, sources } = context.room.flags;
  app.openapi(flagsRoute, (c) =>
    c.json(
      {
        file: FEATURE_FLAGS_FILE,
        flags,
        list: (Object.keys(DEFAULT_FEATURE_FLAGS) as FeatureFlagName[]).map((name) => ({
          name,
          value: flags[name],
          default: DEFAULT_FEATURE_FLAGS[name],
          source: sources[name],
          environment: featureFlagEnvName(name),
          description: FeatureFlagsSchema.shape[name].description ?? '',
        })),
      },
      200,
    ),
  );
}
