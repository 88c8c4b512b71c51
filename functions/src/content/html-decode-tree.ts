/**
 * The trie of HTML's named character references that `entities` decodes with (its
 * `htmlDecodeTree`), packed smaller for the bundles and restored value for value. The package
 * ships it as base64 text, 32 KB of the courses function. Packed here it is 15.5 KB: every
 * branch pointer (an absolute index into the trie, so nearly random to a compressor) becomes the
 * distance from the one before it, the 16-bit values go big-endian, brotli compresses them and
 * toText makes text of that. The rule relied on is the trie's layout as `entities` reads it
 * (its decode.ts and internal/bin-trie-flags.ts): a node is one header word, then its value
 * words, then its branches; a node whose value fits in its header has no branches. Packing and
 * restoring walk the trie the same way, and packDecodeTree checks that what it packed restores
 * exactly: a layout misread here could cost size or fail the build, never ship another trie.
 */
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';

const VALUE_LENGTH = 0b1100_0000_0000_0000;
const FLAG13 = 0b0010_0000_0000_0000;
const BRANCH_LENGTH = 0b0001_1111_1000_0000;
const JUMP_TABLE = 0b0000_0000_0111_1111;
/**
 * Added to each distance (mod 2^16) so that no pointer is stored as 0, which in a jump table
 * means no branch: two pointers are never 2^15 apart in a trie of fewer words than that.
 */
const HALF = 0x8000;

/**
 * Visits every branch pointer of the trie, parents before children, siblings in order. `swap`
 * gets a pointer's position and the value the one before it had (its own position for the
 * first of a node), stores its other form there and answers the pointer's true value, which the
 * walk follows. A jump-table slot of 0 is no branch and stays 0.
 */
function walkPointers(tree: Uint16Array, swap: (position: number, previous: number) => number): void {
  const visited = new Set<number>();
  const pending = [0];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (visited.has(node)) continue;
    visited.add(node);
    const header = tree[node] ?? 0;
    const valueLength = (header & VALUE_LENGTH) >> 14;
    const branches = (header & BRANCH_LENGTH) >> 7;
    const jumpOffset = header & JUMP_TABLE;
    if (valueLength === 0 && (header & FLAG13) !== 0) {
      // A compact run: its characters, two to a word, then the node it leads to.
      pending.push(node + 1 + (branches >> 1));
      continue;
    }
    if (valueLength === 1) continue;
    const first = node + Math.max(1, valueLength);
    if (branches === 0) {
      if (jumpOffset !== 0) pending.push(first);
      continue;
    }
    // A jump table holds child index + 1 per character; a packed dictionary, its keys two to a
    // word and then each child's index.
    const pointers = jumpOffset !== 0 ? first : first + ((branches + 1) >> 1);
    const children: number[] = [];
    let previous = pointers;
    for (let slot = pointers; slot < pointers + branches; slot += 1) {
      if (jumpOffset !== 0 && tree[slot] === 0) continue;
      const value = swap(slot, previous);
      previous = value;
      children.push(jumpOffset !== 0 ? value - 1 : value);
    }
    // Pushed in reverse so that siblings are visited in order.
    pending.push(...children.reverse());
  }
}

/**
 * Text for bytes, denser than base64 (about 16 characters for 13 bytes, not 18): each 13 bits
 * become 2 of 91 characters, '#' to '~' without '\\', which a JavaScript string holds unescaped
 * and 91 * 91 >= 2^13. The byte count goes first, before a space, as the last pair may carry
 * padding.
 */
const DIGITS = 91;
const FIRST_DIGIT = 0x23;
const digitCode = (digit: number) => FIRST_DIGIT + digit + (FIRST_DIGIT + digit >= 0x5c ? 1 : 0);
const digitOf = (code: number) => code - FIRST_DIGIT - (code > 0x5c ? 1 : 0);

function toText(bytes: Uint8Array): string {
  const codes: number[] = [];
  let bits = 0;
  let pending = 0;
  for (const byte of bytes) {
    bits |= byte << pending;
    pending += 8;
    while (pending >= 13) {
      const group = bits & 0x1fff;
      codes.push(digitCode(group % DIGITS), digitCode(Math.floor(group / DIGITS)));
      bits >>>= 13;
      pending -= 13;
    }
  }
  if (pending > 0) codes.push(digitCode(bits % DIGITS), digitCode(Math.floor(bits / DIGITS)));
  return `${bytes.length} ${Buffer.from(codes).toString('ascii')}`;
}

function fromText(text: string): Buffer {
  const space = text.indexOf(' ');
  const bytes = Buffer.alloc(Number(text.slice(0, space)));
  let bits = 0;
  let pending = 0;
  let length = 0;
  for (let i = space + 1; i + 1 < text.length && length < bytes.length; i += 2) {
    bits |= (digitOf(text.charCodeAt(i)) + DIGITS * digitOf(text.charCodeAt(i + 1))) << pending;
    pending += 13;
    for (; pending >= 8 && length < bytes.length; pending -= 8, bits >>>= 8) bytes[length++] = bits & 0xff;
  }
  return bytes;
}

/** The packed form of a decode trie (BUNDLE_SETTINGS builds it from the installed package). */
export function packDecodeTree(tree: Uint16Array): string {
  const relative = Uint16Array.from(tree);
  walkPointers(relative, (position, previous) => {
    const value = tree[position] ?? 0;
    relative[position] = ((value - previous) & 0xffff) ^ HALF;
    if (relative[position] === 0)
      throw new Error(`decode trie: pointer ${position} is ${HALF} from the last`);
    return value;
  });
  const bytes = Buffer.alloc(relative.length * 2);
  relative.forEach((value, i) => {
    bytes.writeUInt16BE(value, 2 * i);
  });
  const packed = toText(brotliCompressSync(bytes));
  const restored = unpackDecodeTree(packed);
  if (restored.length !== tree.length || restored.some((value, i) => value !== tree[i])) {
    throw new Error('decode trie: the packed trie does not restore to the original');
  }
  return packed;
}

/** The decode trie a packDecodeTree answer was made from. */
export function unpackDecodeTree(packed: string): Uint16Array {
  const bytes = brotliDecompressSync(fromText(packed));
  const tree = new Uint16Array(bytes.length / 2);
  for (let i = 0; i < tree.length; i += 1) tree[i] = bytes.readUInt16BE(2 * i);
  walkPointers(tree, (position, previous) => {
    const value = (((tree[position] ?? 0) ^ HALF) + previous) & 0xffff;
    tree[position] = value;
    return value;
  });
  return tree;
}
