/**
 * Where a writer's secrets turn up: in prose (a note, a scene, a message to the room), in a YAML
 * config, in `.env` lines and in JSON. Each placement surrounds the secret with ordinary text.
 */
import type { Draw, FakeSecret } from './fake-secrets.js';

export type Placement = 'prose' | 'yaml' | 'env' | 'json';
export const PLACEMENTS: readonly Placement[] = ['prose', 'yaml', 'env', 'json'];

/** Families whose values mean nothing without their name (GUIDs, numbers, bare hex, passwords). */
const NEEDS_LABEL = /^(?:aws-account-id|aws-secret-access-key|azure-(?:tenant|client|subscription)-id|azure-client-secret-legacy|hex-private-key-labelled|labelled-password)$/;

const LABELLED_SENTENCES = [
  (spoken: string, value: string) => `Note to self: the ${spoken} is ${value}, do not paste it into the draft.`,
  (spoken: string, value: string) => `Mara said the ${spoken} was ${value} and that it would expire after the launch.`,
  (spoken: string, value: string) => `Checklist before the book tour\n- renew the domain\n- ${spoken}: ${value}\n- print the bookmarks`,
  (spoken: string, value: string) => `“Write it down,” Owen said. “${spoken[0]!.toUpperCase()}${spoken.slice(1)} = ${value}. Then burn the paper.”`,
];
const BARE_SENTENCES = [
  (value: string) => `I pasted ${value} into the chapter notes by mistake — please ignore it.`,
  (value: string) => `The old laptop still had ${value} on a sticky note under the keyboard.`,
  (value: string) => `Can you check whether (${value}) is still in the research folder?`,
  (value: string) => `She read the string aloud, slowly: “${value}”.`,
];

function camel(label: string): string {
  return label.toLowerCase().replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function prose(secret: FakeSecret, family: string, draw: Draw): string {
  if (secret.block) return `Here is what I found in the old repository:\n\n${secret.value}\n\nShould the Archivist know about this?`;
  if (NEEDS_LABEL.test(family) || draw.int(0, 1) === 0) return draw.one(LABELLED_SENTENCES)(secret.spoken, secret.value);
  return draw.one(BARE_SENTENCES)(secret.value);
}

function yaml(secret: FakeSecret, draw: Draw): string {
  if (secret.block && secret.value.startsWith('apiVersion:')) return `# cluster notes\n${secret.value}\n`;
  const key = draw.one([secret.label.toLowerCase(), camel(secret.label)]);
  const value = secret.block ? `|\n${secret.value.split('\n').map((line) => `    ${line}`).join('\n')}` : draw.one([secret.value, `"${secret.value}"`, `'${secret.value}'`]);
  return ['service:', `  name: ${draw.one(['harbour-sync', 'manuscript-backup', 'tour-site'])}`, `  region: ${draw.one(['eu-west-1', 'us-east-2'])}`, `  ${key}: ${value}`, '  retries: 3', ''].join('\n');
}

function env(secret: FakeSecret, draw: Draw): string {
  const value = secret.block ? `"${secret.value.replace(/\n/g, '\\n')}"` : draw.one([secret.value, `"${secret.value}"`]);
  return ['# .env for the book website', 'NODE_ENV=production', `${draw.one(['', 'export '])}${secret.label}=${value}`, 'PORT=8080', ''].join('\n');
}

function json(secret: FakeSecret, draw: Draw): string {
  const key = draw.one([secret.label, camel(secret.label), secret.label.toLowerCase()]);
  return JSON.stringify({ name: 'glass-harbour-site', version: '1.4.0', [key]: secret.value, debug: false }, null, draw.one([2, 0]));
}

/** The secret placed in one kind of text. */
export function place(secret: FakeSecret, family: string, placement: Placement, draw: Draw): string {
  switch (placement) {
    case 'prose':
      return prose(secret, family, draw);
    case 'yaml':
      return yaml(secret, draw);
    case 'env':
      return env(secret, draw);
    case 'json':
      return json(secret, draw);
  }
}
