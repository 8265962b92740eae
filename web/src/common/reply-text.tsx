import type { ReactNode } from 'react';

/** `**bold**`, `*emphasis*` and `code` inside a line; everything else stays plain text. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*\n]+\*\*|`[^`\n]+`|\*[^*\s][^*\n]*\*)/g).map((part, index) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={index}>{part.slice(1, -1)}</code>;
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return <em key={index}>{part.slice(1, -1)}</em>;
    return part;
  });
}

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** A run of lines as a list when every line is an item, otherwise as a paragraph. */
function Block({ lines }: { lines: string[] }) {
  if (lines.every((line) => BULLET.test(line))) {
    return <ul>{lines.map((line, index) => <li key={index}>{inline(line.replace(BULLET, ''))}</li>)}</ul>;
  }
  if (lines.every((line) => NUMBERED.test(line))) {
    return <ol>{lines.map((line, index) => <li key={index}>{inline(line.replace(NUMBERED, ''))}</li>)}</ol>;
  }
  return (
    <p>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {inline(line)}
        </span>
      ))}
    </p>
  );
}

/**
 * An agent's reply, readable: paragraphs, simple lists and emphasis. Nothing is interpreted as
 * HTML, so a reply can never inject markup.
 */
export function ReplyText({ text }: { text: string }) {
  const blocks: string[][] = [];
  let current: string[] = [];
  const isItem = (line: string): boolean => BULLET.test(line) || NUMBERED.test(line);
  for (const line of text.split('\n')) {
    // A blank line ends a block; so does a switch between list items and plain lines.
    const switches = current.length > 0 && isItem(line) !== isItem(current[0]!);
    if (line.trim() === '' || switches) {
      if (current.length > 0) blocks.push(current);
      current = [];
    }
    if (line.trim() !== '') current.push(line);
  }
  if (current.length > 0) blocks.push(current);
  return (
    <div className="reply-text">
      {blocks.map((lines, index) => (
        <Block key={index} lines={lines} />
      ))}
    </div>
  );
}
