/**
 * A text with the words a search matched marked: the text is split by the shared normalization
 * (the one the index used) into plain text nodes, never HTML.
 */
import { highlightParts, type SearchTerms } from '@clubs/shared';

export function Highlighted({ text, search }: { text: string; search: SearchTerms }) {
  return (
    <>
      {highlightParts(text, search).map((part, index) =>
        // The parts of one text never move, so their order is their identity.
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text, in order
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text, in order
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
