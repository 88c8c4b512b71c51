import {
  pricingChangeNotice,
  SETTINGS_TEXTS,
} from '@clubs/web/src/features/club-settings/pages/ClubSettingsPage.tsx';
import { describe, expect, it } from 'vitest';

describe('what the Membership Pricing tab says before saving', () => {
  const paid = { price: 9.99, memberCount: 5 };
  const free = { price: 0, memberCount: 5 };
  it.each([
    ['a new price of a paid club', paid, 'paid', 12, SETTINGS_TEXTS.priceChange],
    ['the same price', paid, 'paid', 9.99, null],
    ['paid to free', paid, 'free', 0, SETTINGS_TEXTS.paidToFree],
    ['free to paid', free, 'paid', 5, SETTINGS_TEXTS.freeToPaid],
    ['free staying free', free, 'free', 0, null],
    ['a club of only its owner', { price: 9.99, memberCount: 1 }, 'free', 0, null],
  ] as const)('%s', (_label, club, model, amount, notice) => {
    expect(pricingChangeNotice(club, model, amount)).toBe(notice);
  });
});
