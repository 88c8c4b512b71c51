import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const base='http://localhost:26000';
for (const width of [375, 1280]) {
const ctx = await browser.newContext({ viewport: { width, height: 812 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByLabel('Email').fill('member@clubs.local');
await page.getByLabel('Password').fill('DemoPass123!');
await page.getByRole('button', { name: /log in|sign in/i }).click();
await page.waitForURL(/dashboard/);
await page.goto(base + '/clubs'); await page.waitForLoadState('networkidle');
const href = await page.getByRole('article').filter({ hasText: 'Morning Yoga' }).getByRole('link').first().getAttribute('href');
const clubId = href.split('/')[2];
for (const sub of ['', '/courses', '/events', '/members', '/leaderboard']) {
  await page.goto(`${base}/communities/${clubId}${sub}`); await page.waitForLoadState('networkidle'); await page.waitForTimeout(700);
  await page.screenshot({ path: `/tmp/shots/y${width}${sub.replace('/', '_')}.png` });
}
await ctx.close();
}
await browser.close();
