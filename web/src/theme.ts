import type { Theme } from '@aws-amplify/ui-react';

/** The tones of Amplify's colour scales this theme sets, lightest first. */
const TONES = [10, 20, 40, 60, 80, 90, 100] as const;

/** A `Value` for each element of the tuple `Tuple` (a mapped type over a type parameter stays a tuple). */
type Each<Tuple extends readonly unknown[], Value> = { readonly [Index in keyof Tuple]: Value };

/** One colour per tone of TONES, in the same order. */
type Colours = Each<typeof TONES, string>;

/** An Amplify colour scale; the tuple type holds a colour at every index of TONES. */
const scale = (colours: Colours) =>
  Object.fromEntries(TONES.map((tone, index) => [tone, { value: colours[index] as string }]));

const FONT = "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Amplify UI theme: a deep navy brand with a warm gold accent. */
export const theme: Theme = {
  name: 'clubs',
  tokens: {
    colors: {
      primary: scale(['#eef1f8', '#d3daeb', '#8a9bc4', '#4a5f94', '#2b3b66', '#1f2a44', '#141b2d']),
      secondary: scale(['#fbf5e6', '#f5e6bf', '#ebcd84', '#e0b354', '#b98b2c', '#8c6820', '#5e4515']),
    },
    fonts: {
      default: { variable: { value: FONT }, static: { value: FONT } },
    },
  },
};
