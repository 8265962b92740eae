import { useNavigation } from '../navigation.js';
import { splitFileRefs } from './file-refs.js';

/** A text whose references to manuscript files (`path#L12-L14`) open those lines in the reader. */
export function FileRefText({ text }: { text: string }) {
  const navigation = useNavigation();
  return (
    <>
      {splitFileRefs(text, navigation.knownPaths).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <button
            key={index}
            type="button"
            className="file-ref"
            data-testid="file-ref"
            onClick={() => navigation.openFile(part.path, part.range)}
            title={`Open ${part.path}${part.range ? ` at line ${part.range.start}` : ''} in the reader`}
          >
            {part.text}
          </button>
        ),
      )}
    </>
  );
}
