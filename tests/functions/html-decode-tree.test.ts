/**
 * The packed trie of named character references (functions/src/content/html-decode-tree.ts):
 * restored, it is the installed package's trie value for value, and packed it is smaller than
 * the base64 text the package ships.
 */
import { packDecodeTree, unpackDecodeTree } from '@clubs/functions/content/html-decode-tree';
import { htmlDecodeTree, xmlDecodeTree } from 'entities/decode';
import { describe, expect, it } from 'vitest';

describe('packDecodeTree and unpackDecodeTree', () => {
  it('restore the HTML and XML tries exactly', () => {
    for (const tree of [htmlDecodeTree, xmlDecodeTree]) {
      const restored = unpackDecodeTree(packDecodeTree(tree));
      expect(restored).toBeInstanceOf(Uint16Array);
      expect(Array.from(restored)).toEqual(Array.from(tree));
    }
  });

  it('pack the HTML trie into well under the package’s base64 (4 characters per 3 bytes)', () => {
    const shipped = Math.ceil((htmlDecodeTree.byteLength * 4) / 3);
    expect(packDecodeTree(htmlDecodeTree).length).toBeLessThan(shipped * 0.6);
  });
});
