import { z } from 'zod';

export const CREDITS_SCHEMA_VERSION = 1;

/** One agent's standing: the balance and how it came about. */
export const AgentCreditsSchema = z.strictObject({
  /** +1 per accepted conference reply, −1 per rejected one; abstaining and muted rounds change nothing. */
  balance: z.number().int(),
  accepted: z.number().int().min(0),
  rejected: z.number().int().min(0),
  updatedAt: z.string(),
});
export type AgentCredits = z.infer<typeof AgentCreditsSchema>;

/** `.control-room/credits/credits.json`. */
export const CreditsFileSchema = z.strictObject({
  schema_version: z.literal(CREDITS_SCHEMA_VERSION),
  agents: z.record(z.string(), AgentCreditsSchema),
  updatedAt: z.string().nullable(),
});
export type CreditsFile = z.infer<typeof CreditsFileSchema>;

/** A credits file with no agent in it yet. */
export function emptyCreditsFile(): CreditsFile {
  return { schema_version: CREDITS_SCHEMA_VERSION, agents: {}, updatedAt: null };
}
