import type { OpenAPIHono } from '@hono/zod-openapi';

/** The app every route file registers on. */
export type ServerApp = OpenAPIHono;
