// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  CopyButton,
  DeviationNotice,
  ErrorBoundary,
  ErrorCallout,
  Field,
  FieldError,
  JsonView,
  PlainWords,
  PRESENTER_TYPE_SCALE,
  PresenterViewContext,
  Select,
  Table,
  TextInput,
} from '.';

afterEach(cleanup);

describe('Button', () => {
  it('is a button that does not submit forms unless asked', () => {
    render(
      <>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Plain' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
  });
});

describe('Select', () => {
  it('offers its children first, then its options, each by its label or as itself', () => {
    render(
      <Select aria-label="Product" defaultValue="" options={['sepa', 'target-2']} labels={{ sepa: 'SEPA' }}>
        <option value="">(none)</option>
      </Select>,
    );
    const options = within(screen.getByRole('combobox', { name: 'Product' })).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', '(none)'],
      ['sepa', 'SEPA'],
      ['target-2', 'target-2'],
    ]);
  });
});

describe('Table', () => {
  it('is a table named by its caption, with a column heading per column and the rows under them', () => {
    render(
      <Table caption="Test PSUs" columns={[{ label: 'PSU-ID' }, { label: 'Name', className: 'py-1 font-medium' }]}>
        <tr>
          <th scope="row">alice</th>
          <td>Alice Example</td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Test PSUs' });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['PSU-ID', 'Name']);
    expect(headings.map((heading) => heading.className)).toEqual(['py-1 pr-3 font-medium', 'py-1 font-medium']);
    expect(within(table).getByRole('rowheader', { name: 'alice' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Alice Example' })).toBeTruthy();
  });
});

describe('FieldError', () => {
  it('describes a group of controls with its message, and shows nothing without one', () => {
    const { rerender } = render(
      <fieldset aria-describedby="months-error">
        <legend>Months</legend>
        <FieldError id="months-error" message="Choose a month" />
      </fieldset>,
    );
    const describedBy = screen.getByRole('group', { name: 'Months' }).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('⚠ Choose a month');
    rerender(
      <fieldset>
        <legend>Months</legend>
        <FieldError id="months-error" message={undefined} />
      </fieldset>,
    );
    expect(screen.queryByText(/Choose a month/)).toBeNull();
  });
});

describe('Field', () => {
  it('labels its control and links hint and error to it', () => {
    render(
      <Field label="base_url" hint="Including the bank's prefix" error="Enter an http(s) URL">
        <TextInput defaultValue="not a url" />
      </Field>,
    );
    const input = screen.getByLabelText('base_url');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).value).toBe('not a url');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual([expect.stringContaining('Enter an http(s) URL'), "Including the bank's prefix"]);
  });

  it('leaves a valid control unmarked and hands ids to a render function', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('ErrorCallout', () => {
  it('shows the code, its meaning, the bank text and the X-Request-ID', () => {
    render(
      <ErrorCallout
        alert
        title="The bank refused the request"
        status={403}
        messages={[{ code: 'CONSENT_UNKNOWN', meaning: 'The consent id is not known.', text: 'No such consent' }]}
        requestId="99391c7e-ad88-49ec-a2ad-99ddcb1f7721"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('CONSENT_UNKNOWN');
    expect(alert.textContent).toContain('The consent id is not known.');
    expect(alert.textContent).toContain('No such consent');
    expect(alert.textContent).toContain('HTTP 403');
    expect(alert.textContent).toContain('99391c7e-ad88-49ec-a2ad-99ddcb1f7721');
  });

  it('says what to check, per code and for the error as a whole', () => {
    render(
      <ErrorCallout
        title="The console’s relay could not reach the bank"
        advice="Set tls.ca of the relay target."
        messages={[{ code: 'TOKEN_EXPIRED', advice: 'Authorise again.' }]}
      />,
    );
    expect(screen.getByText('Set tls.ca of the relay target.').closest('p')?.textContent).toBe(
      'What to check: Set tls.ca of the relay target.',
    );
    expect(screen.getByText('Authorise again.').closest('p')?.textContent).toBe('What to check: Authorise again.');
  });

  it('offers to edit and resend the request of an error the exchange log recorded, inside the router or not', () => {
    const callout = (
      <ErrorCallout title="The bank refused the request" requestId="99391c7e" exchangeId="exchange-7" status={400} />
    );
    render(<MemoryRouter>{callout}</MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Edit and resend' }).getAttribute('href')).toBe('/explore?from=exchange-7');
    cleanup();
    render(callout);
    expect(screen.getByRole('link', { name: 'Edit and resend' }).getAttribute('href')).toBe('/explore?from=exchange-7');
    cleanup();
    render(<ErrorCallout title="The bank refused the request" requestId="99391c7e" />);
    expect(screen.queryByRole('link', { name: 'Edit and resend' })).toBeNull();
  });
});

describe('DeviationNotice', () => {
  it('renders nothing without deviations and lists them otherwise', () => {
    const { container, rerender } = render(<DeviationNotice deviations={[]} />);
    expect(container.textContent).toBe('');
    rerender(<DeviationNotice deviations={[{ path: 'transactionStatus', message: 'Invalid option' }]} />);
    expect(container.textContent).toContain('deviates from XS2A 1.3.12 (1 difference)');
    expect(container.textContent).toContain('transactionStatus: Invalid option');
  });
});

describe('JsonView', () => {
  it('shows markup in a body as text, never as HTML', () => {
    render(<JsonView label="Response body" value={{ text: '<img src=x onerror=alert(1)>' }} />);
    const region = screen.getByRole('region', { name: 'Response body' });
    expect(region.querySelector('img')).toBeNull();
    expect(region.textContent).toContain('"text": "<img src=x onerror=alert(1)>"');
  });
});

describe('CopyButton', () => {
  it('copies the text and announces it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyButton text={() => 'curl -X GET'} label="Copy as curl" />);
    await user.click(screen.getByRole('button', { name: 'Copy as curl' }));
    expect(writeText).toHaveBeenCalledWith('curl -X GET');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });
});

describe('ErrorBoundary', () => {
  it('shows the failure instead of blanking, and retries', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('Response could not be read');
      return <p>Recovered</p>;
    }
    render(
      <ErrorBoundary what="the payment">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not show the payment');
    expect(screen.getByRole('alert').textContent).toContain('Response could not be read');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered')).toBeTruthy();
  });
});

describe('PRESENTER_TYPE_SCALE', () => {
  it('is the root font size the stylesheet gives presenter mode, on a phone and from 48rem up', () => {
    const css = readFileSync('src/index.css', 'utf8');
    const sizes = [...css.matchAll(/html\.presenter\s*\{\s*font-size:\s*([\d.]+)%/g)].map((m) => Number(m[1]) / 100);
    expect(sizes).toEqual([PRESENTER_TYPE_SCALE.narrow, PRESENTER_TYPE_SCALE.wide]);
    expect(css).toContain(`@media ${PRESENTER_TYPE_SCALE.wideFrom}`);
  });
});

describe('presenter mode in the shared pieces', () => {
  const presenting = (node: ReactNode) =>
    render(<PresenterViewContext.Provider value={true}>{node}</PresenterViewContext.Provider>);

  it('shows a status badge’s plain name instead of its code, the code kept in its tooltip', () => {
    render(<Badge plainName="Received">RCVD</Badge>);
    expect(screen.getByText('RCVD')).toBeTruthy();
    cleanup();
    presenting(<Badge plainName="Received">RCVD</Badge>);
    const badge = screen.getByText('Received');
    expect(badge.getAttribute('title')).toBe('Code: RCVD');
    expect(document.body.textContent).not.toContain('RCVD');
  });

  it('tells an error without codes, HTTP status or paths, and masks what the bank quoted', () => {
    presenting(
      <ErrorCallout
        alert
        title="The bank refused the request (CONSENT_INVALID)"
        status={401}
        summary="The consent is no longer valid (CONSENT_INVALID)."
        messages={[
          { code: 'CONSENT_INVALID', meaning: 'The consent is not valid.', text: 'Consent of Alice Schmidt' },
          { code: 'FORMAT_ERROR', path: 'creditorAccount.iban', text: 'Bad IBAN DE89370400440532013000' },
        ]}
        requestId="99391c7e-ad88-49ec-a2ad-99ddcb1f7721"
      />,
    );
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('The bank refused the request');
    expect(text).toContain('The consent is no longer valid.');
    expect(text).toContain('format error');
    expect(text).toContain('Consent of Alice S.');
    expect(text).toContain('Bad IBAN DE89 •••• •••• 3000');
    for (const jargon of ['CONSENT_INVALID', 'FORMAT_ERROR', 'HTTP 401', 'creditorAccount.iban', 'Schmidt', '370400']) {
      expect(text).not.toContain(jargon);
    }
  });

  it('says a sentence with codes in plain words only for an audience', () => {
    render(<PlainWords>{'The bank reports the payment as Settled (ACSC).'}</PlainWords>);
    expect(document.body.textContent).toBe('The bank reports the payment as Settled (ACSC).');
    cleanup();
    presenting(<PlainWords>{'The bank reports the payment as Settled (ACSC).'}</PlainWords>);
    expect(document.body.textContent).toBe('The bank reports the payment as Settled.');
  });
});
