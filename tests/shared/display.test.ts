import {
  displayName,
  featuredJoinLabel,
  formatPrice,
  initials,
  paidJoinLabel,
  publicName,
  sizeBucket,
  truncate,
  userName,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';

describe('displayName', () => {
  it('takes the first word of the full name, else of the name, else the e-mail local part', () => {
    expect(displayName({ fullName: 'Max  Member', name: 'Other', email: 'x@y.z' })).toBe('Max');
    expect(displayName({ fullName: '  ', name: 'Olivia Owner', email: 'x@y.z' })).toBe('Olivia');
    expect(displayName({ email: 'ada.admin@clubs.local' })).toBe('ada.admin');
    expect(displayName({})).toBe('');
  });
});

describe('userName', () => {
  it('uses the full name, else the e-mail local part, else User', () => {
    expect(userName({ fullName: 'Max Member', email: 'm@x.y' })).toBe('Max Member');
    expect(userName({ fullName: '', email: 'max@x.y' })).toBe('max');
    expect(userName({})).toBe('User');
  });
});

describe('publicName', () => {
  it('shows others the full name, else "Member", never a part of the e-mail address', () => {
    expect(publicName({ fullName: ' Max Member ' })).toBe('Max Member');
    expect(
      publicName({ fullName: '', email: 'max.private@x.y' } as {
        fullName: string;
      }),
    ).toBe('Member');
    expect(publicName({})).toBe('Member');
  });
});

describe('truncate', () => {
  it('cuts at 150 characters with an ellipsis, and leaves shorter text alone', () => {
    expect(truncate('a'.repeat(150))).toBe('a'.repeat(150));
    expect(truncate('a'.repeat(151))).toBe(`${'a'.repeat(150)}...`);
    expect(truncate('short', 3)).toBe('sho...');
  });
  it('never splits a character made of two code units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('sizeBucket', () => {
  it('puts under 10 in small, 10 to 49 in medium, 50 and more in large', () => {
    expect([0, 9, 10, 49, 50, 500].map(sizeBucket)).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'large',
      'large',
    ]);
  });
});

describe('price labels', () => {
  it('labels featured cards as the spec shows', () => {
    expect(featuredJoinLabel({ price: 0 })).toBe('Join for Free');
    expect(featuredJoinLabel({ price: 29, trialPeriod: 14 })).toBe('Join ($29/mo, 14 days free)');
    expect(featuredJoinLabel({ price: 9.5, trialPeriod: null })).toBe('Join ($9.50/mo, 7 days free)');
    expect(featuredJoinLabel({ price: 5, currency: 'EUR', trialPeriod: 0 })).toBe('Join (€5/mo)');
  });
  it('writes prices in the club currency (Intl), per month; USD when it is missing', () => {
    expect(paidJoinLabel({ price: 29, currency: 'USD' })).toBe('Join for $29/month');
    expect(paidJoinLabel({ price: 9.5, currency: 'eur' })).toBe('Join for €9.50/month');
    expect(paidJoinLabel({ price: 29, currency: null })).toBe('Join for $29/month');
    expect(formatPrice(9.99, 'USD')).toBe('$9.99');
    expect(formatPrice(1200, 'GBP')).toBe('£1,200');
  });
  it('writes whole amounts of the common currencies exactly as Intl does, without a formatter', () => {
    const amounts = [0, 1, 9, 29, 99, 100, 999, 1000, 1234, 9999, 10000, 123456, 1000000, 987654321];
    for (const currency of ['USD', 'EUR', 'GBP', 'usd'])
      for (const amount of amounts) {
        const intl = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: currency.toUpperCase(),
          minimumFractionDigits: 0,
          maximumFractionDigits: 2,
        });
        expect(formatPrice(amount, currency)).toBe(intl.format(amount));
      }
    // Everything else goes through Intl: cents, negative amounts, other currencies.
    expect(formatPrice(-5, 'USD')).toBe('-$5');
    expect(formatPrice(19.5, 'EUR')).toBe('€19.50');
    expect(formatPrice(29, 'CAD')).toBe('CA$29');
    expect(formatPrice(500, 'JPY')).toBe('¥500');
  });
  it('makes initials for generated avatars', () => {
    expect(initials('morning yoga circle')).toBe('MY');
    expect(initials('Solo')).toBe('S');
  });
});
