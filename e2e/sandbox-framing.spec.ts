// A page of another origin cannot frame the sandbox bank's pages (clickjacking the PSU's approval): the browser refuses
// to render the banking app inside the other page's iframe, while the page itself still works, inline style included.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SANDBOX } from './fixtures';

let attacker: Server;
let attackerOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  const target = `${baseURL}${SANDBOX}/app`;
  // Another origin (the same host on another port) that frames the banking app and marks when the frame has loaded.
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
      <title>Another site</title>
      <h1>Win a prize</h1>
      <iframe id="bank" title="bank" src="${target}" width="600" height="500"
        onload="document.body.dataset.frameLoaded = 'yes'"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

test('another origin cannot frame the banking app; the app itself still renders with its style', async ({
  page,
  baseURL,
}) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  await page.goto(`${attackerOrigin}/`);
  await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
  // The iframe's load event fires for a refused frame too; only then is its emptiness meaningful.
  await expect(page.locator('body')).toHaveAttribute('data-frame-loaded', 'yes');
  const frame = page.frameLocator('#bank');
  await expect(frame.getByRole('heading', { name: 'Sandbox Banking app' })).toHaveCount(0);
  await expect(frame.getByLabel('Online banking ID')).toHaveCount(0);
  const bankFrame = page.frames().find((f) => f !== page.mainFrame());
  expect(bankFrame?.url()).not.toBe(`${baseURL}${SANDBOX}/app`);
  await expect.poll(() => refusals.length).toBeGreaterThan(0);

  // Opened on its own, the same page works: its heading, its form and its inline style.
  await page.goto(`${baseURL}${SANDBOX}/app`);
  await expect(page.getByRole('heading', { name: 'Sandbox Banking app' })).toBeVisible();
  await expect(page.getByLabel('Online banking ID')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(11, 61, 145)');
});
