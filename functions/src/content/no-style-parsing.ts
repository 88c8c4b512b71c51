/**
 * What the bundles give sanitize-html in place of postcss (BUNDLE_SETTINGS' alias): sanitize-html
 * parses a `style` attribute with postcss only when the allowlist allows one, and the section
 * allowlist allows none, so this is never called. Were it called, sanitize-html catches the error
 * and drops the attribute. postcss and source-map-js were 89 KB of the courses function.
 */
export function parse(): never {
  throw new Error('style attributes are not allowed, so never parsed');
}
