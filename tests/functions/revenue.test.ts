import { monthlyRevenueOf } from '@clubs/functions/payments/revenue';
import { describe, expect, it } from 'vitest';

const item = (unit_amount: number | null, interval: string, quantity = 1, interval_count = 1) => ({
  quantity,
  price: { currency: 'usd', unit_amount, recurring: { interval, interval_count } },
});
const subscription = (...items: unknown[]) => ({ currency: 'usd', items: { data: items } });

describe('monthlyRevenueOf', () => {
  it('counts a monthly price as is and a yearly one a twelfth a month, times the quantity', () => {
    expect(monthlyRevenueOf(subscription(item(999, 'month')))).toEqual({ currency: 'usd', monthly: 999 });
    expect(monthlyRevenueOf(subscription(item(12000, 'year')))).toEqual({ currency: 'usd', monthly: 1000 });
    expect(monthlyRevenueOf(subscription(item(500, 'month', 3)))).toEqual({ currency: 'usd', monthly: 1500 });
    expect(monthlyRevenueOf(subscription(item(3000, 'month', 1, 3)))).toEqual({
      currency: 'usd',
      monthly: 1000,
    });
  });

  it('sums the items, rounding once to whole minor units', () => {
    expect(monthlyRevenueOf(subscription(item(1000, 'year'), item(1000, 'year')))).toEqual({
      currency: 'usd',
      monthly: 167,
    });
  });

  it('leaves out items without an amount, and answers null for what is not a subscription', () => {
    expect(monthlyRevenueOf(subscription(item(null, 'month'), item(700, 'month')))).toEqual({
      currency: 'usd',
      monthly: 700,
    });
    expect(monthlyRevenueOf({ currency: 'USD!', items: { data: [] } })).toBeNull();
    expect(monthlyRevenueOf(null)).toBeNull();
  });

  it('counts nothing for a subscription whose collection is paused, and its price again once resumed', () => {
    const monthly = subscription(item(999, 'month'));
    expect(
      monthlyRevenueOf({ ...monthly, pause_collection: { behavior: 'void', resumes_at: null } }),
    ).toEqual({
      currency: 'usd',
      monthly: 0,
    });
    expect(monthlyRevenueOf({ ...monthly, pause_collection: null })).toEqual({
      currency: 'usd',
      monthly: 999,
    });
  });
});
