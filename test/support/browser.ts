/**
 * Real headless Chromium (Debian's `chromium` package, installed by .ci/run) driven with
 * puppeteer-core, and where the browser tests keep what they saw (screenshots under test-output/).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TEST_OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output');

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // root in containers and CI has no user namespaces for Chromium's sandbox
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--font-render-hinting=none'],
    defaultViewport: { width: 1440, height: 1000, deviceScaleFactor: 1 },
  });
}

/** A page that fails the test on any script error or any request that leaves loopback or the file. */
export async function openPage(browser: Browser): Promise<{ page: Page; errors: string[]; offsite: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const offsite: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', ''].includes(url.hostname) && url.protocol !== 'data:') offsite.push(request.url());
  });
  return { page, errors, offsite };
}

export function screenshotPath(name: string): string {
  const path = join(TEST_OUTPUT, 'viewer', `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}
