/**
 * The one normal form shared by tool ids and argument keys: trimmed, camelCase split, lower-case,
 * runs of `-`, `_` and whitespace folded to a single `_`. `assignedTo`, `Assigned-To` and
 * `assigned_to` all become `assigned_to`; `File-Locator` becomes `file_locator`.
 */
export function normalName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}
