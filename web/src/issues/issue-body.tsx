import { FileRefText } from '../common/index.js';

/**
 * An issue body (markdown-like text): paragraphs kept, `**bold**` shown bold, references to
 * manuscript files (`path#L12`) as links that open those lines; nothing else interpreted.
 */
export function IssueBody({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className="issue-body">
      {blocks.map((block, index) => (
        <p key={index}>
          {block.split('\n').map((line, lineIndex) => (
            <span key={lineIndex} className={/^\s*(\*\*|__)?Evidence:/i.test(line) ? 'issue-line issue-line-evidence' : 'issue-line'}>
              {line.split(/(\*\*[^*]+\*\*)/g).map((part, partIndex) =>
                part.startsWith('**') && part.endsWith('**') && part.length > 4 ? <strong key={partIndex}>{part.slice(2, -2)}</strong> : <FileRefText key={partIndex} text={part} />,
              )}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
