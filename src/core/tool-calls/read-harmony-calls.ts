import { NO_CALL, type FamilyCallScan, type RawFamilyCall } from './family-call.js';

/**
 * A harmony message addressed to a function: its header (between `<|start|>` or `<|channel|>`
 * and `<|message|>`) names `to=functions.<name>`; its body runs to `<|call|>` (or the end).
 */
const ADDRESSED = /((?:^|<\|start\|>|<\|channel\|>)[^<]*?(?:<\|(?:channel|constrain)\|>[^<]*?)*)<\|message\|>([\s\S]*?)(?:<\|call\|>|<\|end\|>|<\|return\|>|(?=<\|start\|>)|$)/g;
const RECIPIENT = /\bto=functions\.([A-Za-z_][\w.-]*)/;
const CHANNEL = /<\|channel\|>\s*([A-Za-z_]+)/;

/**
 * gpt-oss calls in harmony format (when a server passes the raw channels through): a message on
 * the commentary channel addressed `to=functions.<name>`, its body the arguments as JSON. A message
 * on the analysis channel is reasoning and never a call.
 */
export function readHarmonyCalls(text: string): FamilyCallScan {
  if (!text.includes('to=functions.')) return NO_CALL;
  const calls: RawFamilyCall[] = [];
  for (const match of text.matchAll(ADDRESSED)) {
    const header = match[1]!;
    const recipient = RECIPIENT.exec(header);
    if (!recipient) continue;
    if (CHANNEL.exec(header)?.[1]?.toLowerCase() === 'analysis') continue;
    const json = match[2]!.trim();
    if (!json.startsWith('{')) return { kind: 'malformed', format: 'harmony', message: `The message to functions.${recipient[1]} is not a JSON object.` };
    calls.push({ name: recipient[1]!, json });
  }
  return calls.length === 0 ? NO_CALL : { kind: 'calls', format: 'harmony', calls };
}
