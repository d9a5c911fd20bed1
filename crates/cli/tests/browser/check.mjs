// Loads a page of `urikit explain` in Debian's headless Chromium (driven by
// playwright-core, which downloads no browser) and prints what it shows as
// one JSON object on stdout, for crates/cli/tests/explain_page.rs:
//
//   node check.mjs page ADDRESS SCREENSHOT
//       loads ADDRESS (a file:// page of `explain --html`)
//   node check.mjs form ADDRESS URL BASE SCREENSHOT
//       loads ADDRESS (the page `explain --serve` serves), types URL and BASE
//       into its form, submits it, and reads the page that comes back
//
// The object: {"address", "title", "sections": [{"input", "base", "codes":
// [...], "rows", "differs": [...]}], "errors": [...]}, where codes are the
// verdict codes shown for each URL, in the page's order, and errors every
// console error, page error and failed request. A screenshot of the whole
// page is written to SCREENSHOT (PNG). Exits 2 when it cannot do so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [mode, address, ...rest] = process.argv.slice(2);
if (!['page', 'form'].includes(mode) || !address || rest.length !== (mode === 'form' ? 3 : 1)) {
  console.error('usage: node check.mjs page ADDRESS SCREENSHOT | form ADDRESS URL BASE SCREENSHOT');
  process.exit(2);
}
const screenshot = rest[rest.length - 1];

// As root in a machine without a network: no sandbox, no GPU, and none of
// the browser's own connections (updates, sync, QUIC probes).
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const profile = mkdtempSync(join(tmpdir(), 'urikit-chromium-'));
const errors = [];
let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: flags,
    viewport: { width: 1400, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });

  const loaded = await page.goto(address, { waitUntil: 'load' });
  if (loaded && !loaded.ok()) errors.push(`HTTP ${loaded.status()}: ${address}`);
  if (mode === 'form') {
    const [url, base] = rest;
    await page.fill('input[name=url]', url);
    await page.fill('input[name=base]', base);
    await Promise.all([page.waitForURL((u) => u.search.length > 0), page.click('button[type=submit]')]);
    await page.waitForLoadState('load');
  }
  const shown = await page.evaluate(() => ({
    address: location.href,
    title: document.title,
    sections: [...document.querySelectorAll('section.url')].map((s) => ({
      input: s.querySelector('h2 code.input')?.textContent ?? null,
      base: s.querySelector('code.base-url')?.textContent ?? null,
      codes: [...s.querySelectorAll('li.verdict code.code')].map((c) => c.textContent),
      rows: s.querySelectorAll('tbody tr').length,
      differs: [...s.querySelectorAll('tbody tr.differs th')].map((th) => th.textContent),
      links: [...s.querySelectorAll('li.verdict a.reference')].map((a) => a.href),
    })),
  }));
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log(JSON.stringify({ ...shown, errors }));
} catch (e) {
  console.error(`check.mjs: ${e.stack ?? e}`);
  process.exitCode = 2;
} finally {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
}
