import { sanitizeSectionHtml } from '@clubs/functions/content/section-html';
import { describe, expect, it } from 'vitest';

describe('section HTML sanitizing', () => {
  it('keeps formatting, lists, links and media images', () => {
    const html =
      '<h2>Week 1</h2><p><strong>Breathe</strong> and <em>relax</em></p><ul><li>one</li></ul>' +
      '<img src="/media/courses/a.png" alt="pose">';
    expect(sanitizeSectionHtml(html)).toBe(html.replace('alt="pose">', 'alt="pose" />'));
    expect(sanitizeSectionHtml('<a href="https://example.com">more</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">more</a>',
    );
  });

  it('drops scripts, handlers, styles, frames and dangerous URLs', () => {
    const attacks: [string, string][] = [
      ['<p onclick="steal()">hi</p><script>steal()</script>', '<p>hi</p>'],
      ['<img src=x onerror="steal()">', ''],
      ['<img src="data:image/png;base64,AAAA">', ''],
      ['<img src="http://tracker.example/p.gif">', ''],
      ['<a href="javascript:steal()">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
      ['<iframe src="https://evil.example"></iframe><style>p{}</style>text', 'text'],
      ['<svg><script>steal()</script></svg>', ''],
      ['<p style="position:fixed">a</p>', '<p>a</p>'],
    ];
    for (const [input, stored] of attacks) expect(sanitizeSectionHtml(input)).toBe(stored);
  });
});
