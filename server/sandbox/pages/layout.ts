// The look of the bank's own PSU-facing pages (login, approval, banking app): plain, labelled, server-rendered HTML.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { safeRedirectTarget } from '../rules/redirect-targets';
import { PLAIN_PAGE, presenterBanner, type PageDisplay } from './presenter';

/** A piece of a page: escaped HTML, ready or still rendering. */
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** What every approval form carries: where it posts, its token field and what is being approved. */
export interface PageForm {
  action: string;
  token: Html;
  /** The summary of the consent or payment. */
  what: Html;
  error?: string | undefined;
  /** Plain, or masked for presenter mode (the console on a shared screen). */
  display: PageDisplay;
}

const style = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #f2f5f9; color: #14213d; }
  header { background: #0b3d91; color: #fff; padding: 14px 24px; font-weight: 600; letter-spacing: .02em; }
  main { max-width: 520px; margin: 32px auto; background: #fff; border-radius: 10px; padding: 24px 28px;
    box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin: 0 0 12px; }
  h2 { font-size: 1.05rem; margin: 20px 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
  dt { color: #4a5568; } dd { margin: 0; font-weight: 500; overflow-wrap: anywhere; }
  label { display: block; margin: 14px 0 4px; font-weight: 600; }
  input, select { width: 100%; box-sizing: border-box; padding: 9px 10px; font-size: 1rem; border: 1px solid #8a94a6;
    border-radius: 6px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { padding: 10px 18px; font-size: 1rem; border-radius: 6px; border: 1px solid #0b3d91; cursor: pointer; }
  button.primary { background: #0b3d91; color: #fff; } button.secondary { background: #fff; color: #0b3d91; }
  a.button { display: inline-block; padding: 10px 18px; font-size: 1rem; border-radius: 6px; border: 1px solid #0b3d91;
    text-decoration: none; line-height: normal; }
  a.button.secondary { background: #fff; color: #0b3d91; }
  .error { background: #fdecea; color: #8a1c12; border: 1px solid #f5b7b1; padding: 10px 12px; border-radius: 6px; }
  .note { background: #eef4ff; border: 1px solid #c7d7f5; padding: 10px 12px; border-radius: 6px; font-size: .92rem; }
  fieldset.choice { border: 1px solid #d8dee8; border-radius: 8px; margin: 16px 0 0; padding: 6px 10px 10px; min-width: 0; }
  fieldset.choice legend { font-weight: 600; padding: 0 4px; }
  .choice table { width: 100%; border-collapse: collapse; }
  .choice th, .choice td { padding: 8px 4px; border-bottom: 1px solid #e6eaf0; vertical-align: middle; }
  .choice thead th { font-size: .8rem; color: #4a5568; text-align: center; }
  .choice thead th:first-child, .choice tbody th { text-align: left; }
  .choice tbody th { font-weight: 500; }
  .choice td { text-align: center; }
  .choice .account-name { display: block; }
  .choice .iban { font-family: ui-monospace, monospace; font-size: .82rem; }
  .choice .currency { font-size: .82rem; color: #4a5568; }
  .choice input[type=checkbox] { width: 22px; height: 22px; margin: 0; }
  .hint { font-size: .85rem; color: #4a5568; margin: 8px 0 0; }
  .card { border: 1px solid #d8dee8; border-radius: 8px; padding: 14px; margin: 12px 0; }
  .card h2 { margin: 0 0 10px; }
  .card dl + dl { margin-top: 10px; padding-top: 10px; border-top: 1px solid #e6eaf0; }
  ol.requests { list-style: none; margin: 0; padding: 0; }
  footer { text-align: center; color: #4a5568; font-size: .85rem; margin: 24px; }
  body.presenter { font-size: 1.2rem; }
  body.presenter main { max-width: 640px; }
  .sandbox-help { margin: 28px 0 0; padding: 12px 14px; border: 2px dashed #b7791f; border-radius: 8px;
    background: #fffaf0; color: #3d2a00; font-size: .9rem; }
  .sandbox-help h2 { margin: 0 0 6px; font-size: 1rem; }
  .sandbox-help p { margin: 0 0 8px; }
  .sandbox-help table { width: 100%; border-collapse: collapse; }
  .sandbox-help caption { text-align: left; font-weight: 600; padding: 4px 0; }
  .sandbox-help th, .sandbox-help td { text-align: left; vertical-align: top; padding: 5px 6px 5px 0;
    border-top: 1px solid #f0d9a8; }
  .sandbox-help code { font-size: .95em; background: #fdf0d2; padding: 0 3px; border-radius: 3px; }
  .presenter-banner { margin: 0; padding: 10px 24px; background: #fff4d6; color: #5c3b00; border-bottom: 2px solid #d9a400;
    font-weight: 700; text-align: center; }
`;

export function page(
  title: string,
  body: Html,
  {
    bankName = 'Sandbox Bank',
    display = PLAIN_PAGE,
    help,
  }: {
    bankName?: string;
    display?: PageDisplay;
    /** The sandbox's help for testers (pages/sandbox-help.ts), set apart below the page's own content. */
    help?: Html | undefined;
  } = {},
) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${bankName}</title>
        <style>
          ${style}
        </style>
      </head>
      <body class="${display.masked ? 'presenter' : ''}">
        <header role="banner">${bankName}</header>
        ${presenterBanner(display)}
        <main>${body} ${help ?? ''}</main>
        <footer>A sandbox bank for XS2A Console. No real money moves.</footer>
      </body>
    </html>`;
}

export function errorBox(message: string | undefined) {
  return message ? html`<p class="error" role="alert">${message}</p>` : '';
}

/**
 * The way off a page without deciding: a link back to the TPP (its redirect URI), which changes nothing at the bank; the
 * TPP reads the status and finds the request still waiting. Only addresses the bank may send a browser to become links.
 */
export function leaveLink(uri: string | null | undefined) {
  const usable = safeRedirectTarget(uri);
  return usable
    ? html`<a class="button secondary" href="${usable}">Cancel</a>`
    : html`<p class="hint">To leave without deciding, close this window.</p>`;
}

/** "Logged in as Alice S." without a second full stop after a shortened name. */
export function loggedInAs(name: string) {
  return html`<p>Logged in as <strong>${name}</strong>${name.endsWith('.') ? '' : '.'}</p>`;
}
