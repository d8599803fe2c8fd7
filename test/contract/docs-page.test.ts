/**
 * GET /docs in a real browser (Debian's chromium through playwright-core): Swagger UI renders the
 * served document with every operation, its files all come from the service, no console error.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocument } from '../support/contract';
import { runtime } from '../support/api';

const CHROMIUM = '/usr/bin/chromium';
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('GET /docs', () => {
  it('shows every operation of the document, loading nothing from elsewhere, with no console error', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(runtime().apiUrl) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    const response = await page.goto(`${runtime().apiUrl}/docs`);
    expect(response?.status()).toBe(200);
    const expected = Object.entries<Record<string, unknown>>(apiDocument().paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Waits for the last block by locator: a string predicate is polled with eval, which the page's own CSP forbids.
    await page
      .locator('.opblock')
      .nth(expected.length - 1)
      .waitFor({ state: 'attached', timeout: 20_000 });
    // Each operation is a block with its method and path.
    const shown = await page.$$eval('.opblock', (blocks) =>
      blocks.map(
        (b) =>
          `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ` +
          `${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
      ),
    );
    expect(shown.sort()).toEqual(expected.sort());
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
