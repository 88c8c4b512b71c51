import {
  firstImageOf,
  foreignMediaOf,
  mediaPathsOf,
  replaceMediaSrc,
  sanitizeSectionHtml,
} from '@clubs/functions/content/section-html';
import { describe, expect, it } from 'vitest';

const scope = { mediaKeyPrefix: 'club-media/c1/courses/k1/' };
const clean = (html: string) => sanitizeSectionHtml(html, scope);

describe('section HTML sanitizing', () => {
  it("keeps formatting, lists, tables, links and the course's own images and videos", () => {
    const html =
      '<h2>Week 1</h2><p><strong>Breathe</strong> and <em>relax</em></p><ul><li>one</li></ul>' +
      '<table><tbody><tr><td>a</td></tr></tbody></table><blockquote>q</blockquote><pre><code>x</code></pre>' +
      '<img src="/media/club-media/c1/courses/k1/a.png" alt="pose" />';
    expect(clean(html)).toBe(html);
    expect(clean('<video src="/media/club-media/c1/courses/k1/v.mp4"></video>')).toBe(
      '<video src="/media/club-media/c1/courses/k1/v.mp4" controls="controls"></video>',
    );
    expect(clean('<a href="https://example.com">more</a> <a href="mailto:a@b.c">mail</a>')).toBe(
      '<a href="https://example.com" rel="noopener nofollow" target="_blank">more</a> ' +
        '<a href="mailto:a@b.c" rel="noopener nofollow" target="_blank">mail</a>',
    );
  });

  it('drops scripts, handlers, styles, frames, SVG, dangerous URLs and media of any other source', () => {
    const attacks: [string, string][] = [
      ['<p onclick="steal()">hi</p><script>steal()</script>', '<p>hi</p>'],
      ['<img src=x onerror="steal()">', ''],
      ['<img src="data:image/png;base64,AAAA">', ''],
      ['<img src="https://tracker.example/p.gif">', ''],
      ['<img src="/media/avatars/someone/a.png">', ''],
      ['<img src="/media/club-media/c1/courses/OTHER/a.png">', ''],
      ['<img src="/media/club-media/c1/courses/k1/../../x.png">', ''],
      ['<video src="https://evil.example/v.mp4"></video>', ''],
      ['<a href="javascript:steal()">x</a>', '<a rel="noopener nofollow" target="_blank">x</a>'],
      ['<a href="http://plain.example">x</a>', '<a rel="noopener nofollow" target="_blank">x</a>'],
      ['<iframe src="https://evil.example"></iframe><style>p{}</style>text', 'text'],
      ['<svg><script>steal()</script></svg>', ''],
      ['<p style="position:fixed">a</p>', '<p>a</p>'],
    ];
    for (const [input, stored] of attacks) expect(clean(input), input).toBe(stored);
  });

  it('finds the first image as the featured one', () => {
    const html = clean(
      '<p>x</p><img src="/media/club-media/c1/courses/k1/a.png"><img src="/media/club-media/c1/courses/k1/b.png">',
    );
    expect(firstImageOf(html, scope)).toBe('/media/club-media/c1/courses/k1/a.png');
    expect(firstImageOf('<p>none</p>', scope)).toBeNull();
  });

  it("names and signs only the src of the scope's image and video elements, never text that looks like one", () => {
    const own = '/media/club-media/c1/courses/k1/a.png';
    const foreign = '/media/club-media/c2/courses/k9/paid.png';
    const html = clean(
      `<p>x src="${foreign}" and src="${own}"</p><img src="${own}" alt=' src="${foreign}"'>`,
    );
    expect(mediaPathsOf(html, scope)).toEqual([own]);
    expect(replaceMediaSrc(html, scope, (path) => `https://signed.example${path}?a=1&b=2`)).toBe(
      `<p>x src="${foreign}" and src="${own}"</p>` +
        `<img src="https://signed.example${own}?a=1&amp;b=2" alt=" src=&quot;${foreign}&quot;" />`,
    );
  });

  it("finds every other course's key an element shows or the text names, however it is spelt", () => {
    const foreign = '/media/club-media/c2/courses/k9/paid.png';
    expect(foreignMediaOf(`<p>src="${foreign}"</p>`, scope)).toEqual([foreign]);
    expect(foreignMediaOf('<p>&#x2F;media&#x2F;club-media/c2/x.png</p>', scope)).toEqual([
      '/media/club-media/c2/x.png',
    ]);
    expect(foreignMediaOf(`<video><source src="${foreign}"></video>`, scope)).toEqual([foreign]);
    expect(foreignMediaOf('<img src="/media/avatars/u/a.png">', scope)).toEqual(['/media/avatars/u/a.png']);
    expect(
      foreignMediaOf(
        '<p>/media/club-media/c1/courses/k1/a.png</p><img src="https://x.example/a.png">',
        scope,
      ),
    ).toEqual([]);
  });
});
