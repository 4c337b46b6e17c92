import { chromium } from 'playwright-core';
const base = 'http://localhost:8099';
const [,, who = 'admin@demo.allclear.test', ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--use-angle=swiftshader','--enable-unsafe-swiftshader'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 200)); });
await page.goto('/');
await page.waitForURL(/\/identity\//);
await page.getByLabel(/e-?mail/i).fill(who);
await page.getByLabel(/password/i).fill('AllClear-demo-1');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/identity') && !u.pathname.startsWith('/callback'));
for (const p of paths) {
  await page.goto(p);
  await page.waitForTimeout(6000);
  const name = p.replace(/[^a-z0-9]+/gi, '_') || 'root';
  await page.screenshot({ path: `/tmp/prof/shots/${name}.png` });
  console.log('shot', name);
}
await browser.close();
