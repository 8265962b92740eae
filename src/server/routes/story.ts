import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { bookTimeline } from '../../core/story-views/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { jsonContent } from '../schemas.js';

const MarkSchema = z.object({
  source: z.enum(['outline', 'front_matter', 'prose', 'timeline_note']),
  day: z.number().int(),
  part: z.string().nullable(),
  text: z.string(),
  path: z.string(),
  line: z.number().int(),
});

const TimelineSchema = z.object({
  chapters: z.array(
    z.object({
      position: z.number().int(),
      path: z.string(),
      title: z.string(),
      day: z.number().int().nullable().describe('the outline\'s day, else the front matter\'s, else the first day the prose names'),
      part: z.string().nullable(),
      marks: z.array(MarkSchema).describe('every statement of the day, with its line'),
      conflict: z.boolean().describe('the statements name more than one day'),
      goesBack: z.boolean().describe('earlier than the chapter before it'),
    }),
  ),
  lastDay: z.number().int(),
}).openapi('BookTimeline');

const timelineRoute = createRoute({
  method: 'get',
  path: '/api/story/timeline',
  operationId: 'getBookTimeline',
  tags: ['story'],
  summary: 'The book\'s days per chapter, from the outline, front matter, prose day markers and timeline notes',
  responses: { 200: jsonContent(TimelineSchema, 'The timeline') },
});

/** `GET /api/story/timeline` */
export function registerStoryRoutes(app: ServerApp, context: ServerContext): void {
  app.openapi(timelineRoute, async (c) => c.json(await bookTimeline(context.room.workspace), 200));
}
