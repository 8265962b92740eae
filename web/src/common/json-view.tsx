/** Pretty-printed JSON in a scrollable block. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json-view" aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
