import { mediaOnly } from '@clubs/web/src/features/courses/components/SectionView.tsx';
import { describe, expect, it } from 'vitest';

describe('mediaOnly (a section shown as its image or video alone, at max height 500)', () => {
  const src = 'https://media.example/c/k/a.png?X-Amz-Date=1&amp;X-Amz-Signature=2';

  it('finds a lone image or video, with its URL unescaped', () => {
    expect(mediaOnly(`<img src="${src}" alt="">`)).toEqual({
      kind: 'img',
      src: 'https://media.example/c/k/a.png?X-Amz-Date=1&X-Amz-Signature=2',
    });
    expect(mediaOnly('<video src="https://media.example/v.webm" controls="controls"></video>')).toMatchObject(
      {
        kind: 'video',
      },
    );
  });

  it('ignores the empty paragraph the editor keeps after an uploaded image (it is still media only)', () => {
    expect(mediaOnly(`<img src="${src}" alt=""><p></p>`)).toMatchObject({ kind: 'img' });
    expect(mediaOnly(`<p><br></p><img src="${src}" alt=""><p><br /></p>`)).toMatchObject({ kind: 'img' });
  });

  it('is not media only with any text or a second element', () => {
    expect(mediaOnly(`<img src="${src}" alt=""><p>Breathe in.</p>`)).toBeNull();
    expect(mediaOnly(`<img src="${src}" alt=""><img src="${src}" alt="">`)).toBeNull();
    expect(mediaOnly('<p>Only words.</p>')).toBeNull();
  });
});
