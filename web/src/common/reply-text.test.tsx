import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReplyText } from './reply-text.js';

const html = (text: string): string => renderToStaticMarkup(<ReplyText text={text} />);

describe('ReplyText', () => {
  it('renders paragraphs, lists, emphasis, code and tables', () => {
    expect(html('One line\n\nA second paragraph.')).toBe('<div class="reply-text"><p>One line</p>\n<p>A second paragraph.</p></div>');
    expect(html('Two problems:\n\n- the eyes\n- the steps')).toContain('<ul>\n<li>the eyes</li>\n<li>the steps</li>\n</ul>');
    expect(html('1. first\n2. second')).toContain('<ol>\n<li>first</li>\n<li>second</li>\n</ol>');
    expect(html('**grey** eyes, *not* `green`')).toContain('<strong>grey</strong> eyes, <em>not</em> <code>green</code>');
    expect(html('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<td>1</td>');
  });

  it('never interprets HTML from the reply, inline or as a block', () => {
    for (const attack of ['<img src=x onerror=alert(1)>', 'Text <script>alert(1)</script> after', '<div onclick="steal()">click</div>', '<iframe src="https://evil.test"></iframe>']) {
      const out = html(attack);
      expect(out).not.toMatch(/<(img|script|div onclick|iframe)/i);
    }
    expect(html('<b>bold?</b>')).toContain('&lt;b&gt;');
  });

  it('keeps only web and mail links, and never loads an image', () => {
    expect(html('[site](https://example.org)')).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">site</a>');
    for (const link of ['[x](javascript:alert(1))', '[x](data:text/html,hi)', '[x](vbscript:x)', '<javascript:alert(1)>']) expect(html(link)).not.toMatch(/href="(javascript|data|vbscript)/i);
    expect(html('![a map](https://example.org/map.png)')).toBe('<div class="reply-text"><p><span class="reply-image">[a map]</span></p></div>');
  });
});
