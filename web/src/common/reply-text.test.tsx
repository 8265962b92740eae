import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReplyText } from './reply-text.js';

const html = (text: string): string => renderToStaticMarkup(<ReplyText text={text} />);

describe('ReplyText', () => {
  it('keeps paragraphs and line breaks', () => {
    expect(html('One line\nand the next.\n\nA second paragraph.')).toBe(
      '<div class="reply-text"><p><span>One line</span><span><br/>and the next.</span></p><p><span>A second paragraph.</span></p></div>',
    );
  });

  it('turns a run of bullet or numbered lines into a list, even right under a paragraph', () => {
    expect(html('Two problems:\n- the eyes\n- the steps')).toBe(
      '<div class="reply-text"><p><span>Two problems:</span></p><ul><li>the eyes</li><li>the steps</li></ul></div>',
    );
    expect(html('1. first\n2) second')).toContain('<ol><li>first</li><li>second</li></ol>');
  });

  it('shows bold, emphasis and code, and never markup from the reply', () => {
    expect(html('**grey** eyes, *not* `green`')).toContain('<strong>grey</strong> eyes, <em>not</em> <code>green</code>');
    expect(html('<img src=x onerror=alert(1)>')).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
