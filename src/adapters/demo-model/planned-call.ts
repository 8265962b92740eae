/** A tool call the demo makes, as the strict envelope carries it. */
export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
}
