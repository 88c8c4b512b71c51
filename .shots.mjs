import { chromium } from '@playwright/test';
const base = 'http://localhost:26000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const publicPaths = ['/', '/clubs', '/pricing', '/login'];
for (const width of [375, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
  const page = await ctx.newPage();
  for (const p of publicPaths) {
    await page.goto(base + p); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${width}${p.replace(/\//g, '_') || '_'}.png` });
  }
  // first club public page
  await page.goto(base + '/clubs'); await page.waitForLoadState('networkidle');
  const href = await page.locator('a[href^="/c/"]').first().getAttribute('href');
  await page.goto(base + href); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/${width}_c.png` });
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill('member@clubs.local');
  await page.getByLabel('Password').fill('DemoPass123!');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL(/dashboard/); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/${width}_dashboard.png` });
  const clubId = href.split('/')[2];
  for (const sub of ['', '/courses', '/events', '/members', '/leaderboard']) {
    await page.goto(`${base}/communities/${clubId}${sub}`); await page.waitForLoadState('networkidle'); await page.waitForTimeout(700);
    await page.screenshot({ path: `/tmp/shots/${width}_club${sub.replace('/', '_')}.png` });
  }
  await page.goto(base + '/clubs'); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/${width}_clubs_signedin.png` });
  await ctx.close();
}
await browser.close();
