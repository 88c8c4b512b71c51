/**
 * What the bundles give htmlparser2 for `entities/decode` (BUNDLE_SETTINGS' alias): that module's
 * own decoder, with the same trie of HTML's named character references, packed smaller
 * (html-decode-tree.ts). BUNDLE_SETTINGS packs the installed package's trie when it bundles
 * (define CLUBS_HTML_DECODE_TREE) and this module restores it when it loads.
 * tests/infra/sanitizer-bundle.test.ts checks that the bundled trie equals the installed one,
 * value for value.
 */

// The package's own module by path: the alias sends every import of `entities/decode` here.
export {
  DecodingMode,
  EntityDecoder,
  fromCodePoint,
  xmlDecodeTree,
} from '../../../node_modules/entities/dist/esm/decode.js';

import { unpackDecodeTree } from './html-decode-tree.ts';

/** packDecodeTree's answer for the installed package's trie (BUNDLE_SETTINGS.define). */
declare const CLUBS_HTML_DECODE_TREE: string;

export const htmlDecodeTree = unpackDecodeTree(CLUBS_HTML_DECODE_TREE);
