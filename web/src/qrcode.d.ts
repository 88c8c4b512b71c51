/**
 * The one call of `qrcode` (already installed with @aws-amplify/ui-react, same version) the app
 * makes: an SVG string. Declared here rather than by @types/qrcode so a checkout whose
 * node_modules predates the two-factor settings still type-checks without reinstalling.
 */
declare module 'qrcode' {
  // biome-ignore lint/suspicious/noShadowRestrictedNames: the library's own export name
  export function toString(
    text: string,
    options: { type: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): Promise<string>;
}
