import type { Theme } from '@aws-amplify/ui-react';

/** Amplify UI theme: a deep navy brand with a warm gold accent. */
export const theme: Theme = {
  name: 'clubs',
  tokens: {
    colors: {
      primary: {
        10: { value: '#eef1f8' },
        20: { value: '#d3daeb' },
        40: { value: '#8a9bc4' },
        60: { value: '#4a5f94' },
        80: { value: '#2b3b66' },
        90: { value: '#1f2a44' },
        100: { value: '#141b2d' },
      },
      secondary: {
        10: { value: '#fbf5e6' },
        20: { value: '#f5e6bf' },
        40: { value: '#ebcd84' },
        60: { value: '#e0b354' },
        80: { value: '#b98b2c' },
        90: { value: '#8c6820' },
        100: { value: '#5e4515' },
      },
    },
    fonts: {
      default: {
        variable: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        static: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
  },
};
