// Presenter mode on the bank's PSU pages: when the console shows a demo on a shared screen it asks for it with
// `?presenter=1` on the link to the page; the pages then mask account numbers and shorten personal names the same way
// the console does, and say in a banner that this is a sandbox with test data. The flag only changes what is displayed:
// it is read as exactly "1", never echoed, and carried through the page's own forms in a hidden field.
import { html } from 'hono/html';
import { maskAccountNumber, maskIbansInText, shortenName } from '../../../src/xs2a/masking';

export const PRESENTER_PARAM = 'presenter';

/** How a page shows bank data. */
export interface PageDisplay {
  masked: boolean;
  account: (value: string) => string;
  name: (value: string) => string;
  text: (value: string) => string;
}

const asIs = (value: string) => value;
export const PLAIN_PAGE: PageDisplay = { masked: false, account: asIs, name: asIs, text: asIs };
export const PRESENTER_PAGE: PageDisplay = {
  masked: true,
  account: maskAccountNumber,
  name: shortenName,
  text: maskIbansInText,
};

/** The display a request asks for: the query of a page load, or the hidden field of a posted form. */
export function requestedDisplay(value: unknown): PageDisplay {
  return value === '1' ? PRESENTER_PAGE : PLAIN_PAGE;
}

/** The hidden field that keeps presenter mode through a form post; nothing when it is off. */
export function presenterField(display: PageDisplay) {
  return display.masked ? html`<input type="hidden" name="${PRESENTER_PARAM}" value="1" />` : '';
}

/** A page address of this bank with presenter mode kept (for the redirects after a post). */
export function keepPresenter(path: string, display: PageDisplay): string {
  if (!display.masked) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PRESENTER_PARAM}=1`;
}

/** The banner at the top of every page in presenter mode. */
export function presenterBanner(display: PageDisplay) {
  return display.masked ? html`<p class="presenter-banner" role="note">Sandbox bank — test data</p>` : '';
}
