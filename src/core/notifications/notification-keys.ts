/**
 * The keys notifications are raised under, one home for every caller: raising the same key again
 * replaces the entry, and settling it (the confirmation answered) dismisses it.
 */
export const notificationKeys = {
  confirmation: (confirmationId: string) => `confirmation:${confirmationId}`,
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  run: (runId: string) => `run:${runId}`,
  import: (importId: string) => `import:${importId}`,
} as const;
