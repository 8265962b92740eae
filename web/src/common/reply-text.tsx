import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Links open outside the app, never with its page as their opener; only web and mail links stay links. */
const SAFE_LINK = /^(https?:|mailto:)/i;

const components: Components = {
  a: ({ href, children }) =>
    href && SAFE_LINK.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // A reply never loads anything: an image is shown as its description.
  img: ({ alt }) => <span className="reply-image">[{alt || 'image'}]</span>,
  // Headings inside a reply stay small, below the page's own headings.
  h1: ({ children }) => <p className="reply-heading">{children}</p>,
  h2: ({ children }) => <p className="reply-heading">{children}</p>,
  h3: ({ children }) => <p className="reply-heading">{children}</p>,
  table: ({ children }) => (
    <div className="reply-table">
      <table>{children}</table>
    </div>
  ),
};

/**
 * An agent's reply rendered as Markdown (paragraphs, lists, emphasis, code, tables). Raw HTML in
 * the reply is shown as text, never interpreted, so a reply can never inject markup; links to
 * anything but the web or mail are plain text and images are never fetched.
 */
export function ReplyText({ text }: { text: string }) {
  return (
    <div className="reply-text">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml={false} components={components} urlTransform={(url) => (SAFE_LINK.test(url) ? url : '')}>
        {text}
      </Markdown>
    </div>
  );
}
