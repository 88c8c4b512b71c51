/** The words of search: normalization, light stemming, stop words, query terms and highlighting. */
import { highlightParts, matchesAll, normalizeText, searchTerms, stem, textTerms } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

describe('search normalization', () => {
  it('lower-cases, strips accents and turns markup and regex characters into separators', () => {
    expect(normalizeText('Crème Brûlée!')).toBe('creme brulee');
    expect(normalizeText('<b>bold</b> (a+)+.*')).toBe('b bold b a');
  });

  it('takes plural endings off lightly', () => {
    expect(
      ['posts', 'stretches', 'berries', 'classes', 'bus', 'analysis', 'yoga', 'boxes'].map(stem),
    ).toEqual(['post', 'stretch', 'berry', 'class', 'bus', 'analysis', 'yoga', 'box']);
  });

  it('makes distinct terms without stop words or single letters, in order', () => {
    expect(textTerms('The Wrists and the wrist: a pain in my wrist')).toEqual(['wrist', 'pain']);
    expect(textTerms('x'.repeat(60))).toEqual(['x'.repeat(40)]);
  });

  it('reads a search as terms, the last one a prefix when long enough', () => {
    expect(searchTerms('Wrist pai')).toEqual({ terms: ['wrist', 'pai'], prefix: true });
    expect(searchTerms('wrist yo')).toEqual({ terms: ['wrist', 'yo'], prefix: false });
    expect(searchTerms('wrist pain ')).toEqual({ terms: ['wrist', 'pain'], prefix: false });
    expect(searchTerms('the and of')).toEqual({ terms: [], prefix: false });
  });

  it('splits a text into matched and plain parts that join back to it', () => {
    const text = 'Wrist pain? Try <b>wrists</b> & Crème.';
    const parts = highlightParts(text, searchTerms('wrist creme'));
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Wrist', 'wrists', 'Crème']);
    expect(highlightParts('painting pain', searchTerms('pain')).filter((p) => p.match)).toHaveLength(2);
    expect(highlightParts('painting pain', searchTerms('pain ')).filter((p) => p.match)).toEqual([
      { text: 'pain', match: true },
    ]);
  });

  it('checks that texts hold every term, the last as a prefix', () => {
    const texts = ['Wrist pain', 'after planks and Stretches'];
    expect(matchesAll(texts, searchTerms('stretch wrist'))).toBe(true);
    expect(matchesAll(texts, searchTerms('wrist pla'))).toBe(true);
    expect(matchesAll(texts, searchTerms('pla wrist'))).toBe(false);
    expect(matchesAll(texts, searchTerms('wrist yoga'))).toBe(false);
  });
});
