import type { ResponseFormat } from '../../protocol/index.js';
import { CanonExtractionSchema, type CanonSourceKind, type ExtractedFact } from '../../protocol/canon.js';
import { callModel, type AgentModels } from '../loop/index.js';
import { scanTopLevelObjects, stripReasoning } from '../tool-calls/index.js';

/** The model side of an index build: which models answer, and how calls are timed and retried. */
export interface CanonModelExtraction {
  models: AgentModels;
  nowMs: () => number;
  /** Pause between transient retries (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

/** What one extraction call gave: the proposed facts, or why the reply could not be used. */
export type ModelExtractionResult =
  | { ok: true; facts: ExtractedFact[]; model: string }
  | { ok: false; error: { code: string; message: string }; model: string };

const STRING = { type: 'string' } as const;

/** `response_format` for extraction replies: `{facts:[{subject, attribute, value, quote}]}`, nothing else. */
export const CANON_EXTRACTION_FORMAT: ResponseFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'canon_facts',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        facts: {
          type: 'array',
          items: {
            type: 'object',
            properties: { subject: STRING, attribute: STRING, value: STRING, quote: STRING },
            required: ['subject', 'attribute', 'value', 'quote'],
            additionalProperties: false,
          },
        },
      },
      required: ['facts'],
      additionalProperties: false,
    },
  },
};

const KIND_WORDS: Record<CanonSourceKind, string> = {
  character: 'a character card',
  place: 'a place card',
  lore: 'a lore file (one fact per bullet; "Day N, part:" bullets are timeline events)',
  scene: 'a scene of the novel',
};

/** The system prompt of an extraction call. */
export const CANON_EXTRACTION_INSTRUCTIONS = [
  'You extract canon facts from one file of a novel manuscript, for a continuity index.',
  'Reply with JSON only: {"facts":[{"subject":"...","attribute":"...","value":"...","quote":"..."}]}.',
  '- subject: the character, place, thing or story day the fact is about, named as the file names it.',
  '- attribute: a short lower-case property (eyes, hair, age, status, kind, role, fact, event, pov, when...).',
  '- value: the fact, in the file\'s own words.',
  '- quote: a short span copied exactly from the file (one line when possible) that states the fact and contains the value.',
  'Only facts the file states. A fact whose quote is not in the file, or does not contain its value, is discarded.',
].join('\n');

/** The reply's JSON object: the whole reply, a fenced block, or the first object in it. */
function readJsonObject(content: string): unknown {
  const text = stripReasoning(content).text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(text);
  const body = fenced ? fenced[1]!.trim() : text;
  try {
    return JSON.parse(body);
  } catch {
    const scan = scanTopLevelObjects(body);
    const first = scan.ok ? scan.spans[0] : undefined;
    if (first === undefined) return undefined;
    try {
      return JSON.parse(body.slice(first.start, first.end));
    } catch {
      return undefined;
    }
  }
}

/**
 * One raw extraction call for one file (no tool catalog, no protocol, no tool loop, like chat's
 * `skipTools`). A reply that is not the expected JSON is returned as an error for the build to
 * record; a model that cannot be reached throws (after `callModel`'s retries and fallback).
 */
export async function extractWithModel(path: string, kind: CanonSourceKind, content: string, options: CanonModelExtraction, signal?: AbortSignal): Promise<ModelExtractionResult> {
  const call = await callModel(
    options.models,
    {
      messages: [
        { role: 'system', content: CANON_EXTRACTION_INSTRUCTIONS },
        { role: 'user', content: `File: ${path} (${KIND_WORDS[kind]})\n\n${content}` },
      ],
      responseFormat: CANON_EXTRACTION_FORMAT,
      temperature: 0,
      ...(signal ? { signal } : {}),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    },
    { nowMs: options.nowMs, ...(options.sleep ? { sleep: options.sleep } : {}) },
  );
  const model = call.model.name;
  const parsed = CanonExtractionSchema.safeParse(readJsonObject(call.response.content));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.') || 'the reply'}: ${first.message}` : 'not JSON';
    return { ok: false, model, error: { code: 'extraction_invalid', message: `The reply for ${path} is not the facts JSON (${where}).` } };
  }
  return { ok: true, model, facts: parsed.data.facts };
}
