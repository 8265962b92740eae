/** What a step's placeholders can name. */
export interface TemplateScope {
  item: { path: string; name: string } | null;
  args: Readonly<Record<string, unknown>>;
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\.([A-Za-z0-9_]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([a-z_]+)\.([A-Za-z0-9_]+)\s*\}\}$/;

function lookup(scope: TemplateScope, group: string, key: string): unknown {
  if (group === 'item') return scope.item === null ? undefined : (scope.item as Record<string, unknown>)[key];
  if (group === 'args') return scope.args[key];
  return undefined;
}

function fillString(text: string, scope: TemplateScope): unknown {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  // A string that is one placeholder takes the value itself, so `{{args.paths}}` can be a list.
  if (whole) return lookup(scope, whole[1]!, whole[2]!) ?? text;
  return text.replace(PLACEHOLDER, (match, group: string, key: string) => {
    const value = lookup(scope, group, key);
    return value === undefined ? match : typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Fills `{{item.path}}`, `{{item.name}}` and `{{args.<name>}}` in every string of a JSON value. */
export function fillTemplate(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') return fillString(value, scope);
  if (Array.isArray(value)) return value.map((entry) => fillTemplate(entry, scope));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fillTemplate(entry, scope)]));
  }
  return value;
}

/** Placeholders left unfilled anywhere in a value (an unknown argument or an item outside `for_each`). */
export function unfilledPlaceholders(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].map((match) => match[0]);
  if (Array.isArray(value)) return value.flatMap(unfilledPlaceholders);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(unfilledPlaceholders);
  return [];
}
