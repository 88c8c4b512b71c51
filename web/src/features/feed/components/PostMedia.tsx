/**
 * A post's files: image posts as a grid of 1 column (one image) or 2,
 * at most 4 tiles, the fourth saying '+N' when more than 4 images hide behind it; a click opens
 * the lightbox. Video posts show their first file in a player.
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import type { PostMedia as Media } from '@clubs/shared';
import { useState } from 'react';
import { Modal } from '../../../components/overlay/Modal.tsx';

const TILES = 4;

export function PostMedia({ title, media, type }: { title: string; media: Media[]; type: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [first] = media;
  if (!first) return null;
  if (type === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: members upload their own videos; no captions exist for them
      <video className="feed-media__video" src={first.url} controls preload="metadata" />
    );
  }
  const images = media.filter((m) => m.kind === 'image');
  const hidden = images.length > TILES ? images.length - (TILES - 1) : 0;
  const tiles = images.slice(0, TILES);
  const current = open === null ? null : images[open];
  return (
    <>
      <div className={`feed-media__grid feed-media__grid--${images.length === 1 ? 1 : 2}`}>
        {tiles.map((image, i) => (
          <button
            key={image.key}
            type="button"
            className="feed-media__tile"
            aria-label={`Open image ${i + 1} of ${images.length}`}
            onClick={() => setOpen(i)}
          >
            <img src={image.url} alt="" loading="lazy" />
            {hidden > 0 && i === TILES - 1 && (
              <span className="feed-media__more" aria-hidden="true">
                +{hidden}
              </span>
            )}
          </button>
        ))}
      </div>
      <Modal
        open={current !== null && current !== undefined}
        title={`${title || 'Image'} (${(open ?? 0) + 1} of ${images.length})`}
        onClose={() => setOpen(null)}
      >
        {current && (
          <img
            className="feed-media__full"
            src={current.url}
            alt={`${title || 'Post'}, ${(open ?? 0) + 1} of ${images.length}`}
          />
        )}
        <Flex gap="small" justifyContent="space-between" marginTop="small">
          <Button
            isDisabled={images.length < 2}
            onClick={() => setOpen(((open ?? 0) - 1 + images.length) % images.length)}
          >
            Previous
          </Button>
          <Button onClick={() => setOpen(null)}>Close</Button>
          <Button isDisabled={images.length < 2} onClick={() => setOpen(((open ?? 0) + 1) % images.length)}>
            Next
          </Button>
        </Flex>
      </Modal>
    </>
  );
}
