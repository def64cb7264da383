// @vitest-environment happy-dom
// The scenario editor offers every setting of the sandbox's scenario API (error with status and text, delay, hang,
// decoupled abort, count, PSU, resource), shows the status the sandbox answers by default, checks what was typed before
// sending it, shows a refusal at the setting it names, and lists scenarios with all their settings.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxAdminError, type SandboxScenario, type ScenarioCatalogue, type ScenarioInput } from '../../../api';
import { refusalField, scenarioInput, emptyDraft } from './scenario-draft';
import { ScenariosPanel } from './scenarios-panel';

/** As the sandbox's GET /admin/scenarios/catalogue answers, for three operations. */
const catalogue: ScenarioCatalogue = {
  operations: {
    readAccountDetails: {
      method: 'GET',
      path: '/v1/accounts/{account-id}',
      area: 'ais',
      errorCodes: ['RESOURCE_UNKNOWN', 'SERVICE_UNAVAILABLE'],
      errors: {
        RESOURCE_UNKNOWN: { status: 404, statuses: [400, 403, 404] },
        SERVICE_UNAVAILABLE: { status: 503, statuses: [503], sandboxOwn: true },
      },
    },
    createConsent: {
      method: 'POST',
      path: '/v1/consents',
      area: 'ais',
      errorCodes: ['RESOURCE_UNKNOWN', 'SERVICE_UNAVAILABLE'],
      errors: {
        RESOURCE_UNKNOWN: { status: 400, statuses: [400, 403, 404] },
        SERVICE_UNAVAILABLE: { status: 503, statuses: [503], sandboxOwn: true },
      },
    },
    startPaymentAuthorisation: {
      method: 'POST',
      path: '/v1/{payment-service}/{payment-product}/{paymentId}/authorisations',
      area: 'pis',
      errorCodes: ['SERVICE_UNAVAILABLE'],
      errors: { SERVICE_UNAVAILABLE: { status: 503, statuses: [503], sandboxOwn: true } },
    },
  },
  sandboxCodes: {
    SERVICE_UNAVAILABLE: {
      status: 503,
      meaning: "The sandbox's own code, not one of 1.3.12: the bank is unavailable for now.",
      advice: 'Retry later, not at once: honour Retry-After when the bank sends it.',
    },
  },
};

function renderPanel({
  scenarios = [],
  error,
  onAdd = vi.fn<(input: ScenarioInput) => void>(),
}: { scenarios?: SandboxScenario[]; error?: unknown; onAdd?: (input: ScenarioInput) => void } = {}) {
  const props = {
    scenarios: { data: { scenarios }, error: undefined, isPending: false },
    add: { mutate: onAdd, isPending: false, error },
    remove: { mutate: vi.fn(), isPending: false, error: undefined },
    catalogue,
    psus: [],
  };
  const view = render(<ScenariosPanel {...props} />);
  const form = screen.getByRole('form', { name: 'New scenario' });
  return {
    form,
    onAdd,
    rerender: (next: Partial<typeof props>) => view.rerender(<ScenariosPanel {...props} {...next} />),
  };
}

afterEach(cleanup);

describe('the scenario editor', () => {
  it('offers every effect of the scenario API', () => {
    const { form } = renderPanel();
    const effects = within(form).getByRole('group', { name: 'Effect' });
    expect(
      within(effects)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Answer with an error', 'Answer slowly', 'Never answer (hang)', 'PSU aborts the decoupled SCA']);
    for (const label of ['Error code', 'HTTP status', 'Text', 'Count', 'PSU-ID', 'Resource']) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
  });

  it('shows the status the sandbox answers by default, by where the operation names the resource', async () => {
    const user = userEvent.setup();
    const { form } = renderPanel();
    const status = () => within(form).getByLabelText<HTMLSelectElement>('HTTP status');
    await user.selectOptions(within(form).getByLabelText('Operation'), 'readAccountDetails');
    await user.selectOptions(within(form).getByLabelText('Error code'), 'RESOURCE_UNKNOWN');
    expect(status().selectedOptions[0]?.textContent).toBe('Default: 404');
    expect([...status().options].map((option) => option.textContent)).toEqual(['Default: 404', '400', '403', '404']);
    await user.selectOptions(within(form).getByLabelText('Operation'), 'createConsent');
    await user.selectOptions(within(form).getByLabelText('Error code'), 'RESOURCE_UNKNOWN');
    expect(status().selectedOptions[0]?.textContent).toBe('Default: 400');
    await user.selectOptions(within(form).getByLabelText('Operation'), '*');
    await user.selectOptions(within(form).getByLabelText('Error code'), 'RESOURCE_UNKNOWN');
    expect(status().selectedOptions[0]?.textContent).toBe('Default: by operation (400, 404)');
  });

  it('marks the sandbox’s own codes and says what they mean', async () => {
    const user = userEvent.setup();
    const { form } = renderPanel();
    await user.selectOptions(within(form).getByLabelText('Operation'), 'readAccountDetails');
    const code = within(form).getByLabelText<HTMLSelectElement>('Error code');
    expect(
      within(code).getByRole('option', { name: 'SERVICE_UNAVAILABLE (the sandbox’s own, not 1.3.12)' }),
    ).toBeTruthy();
    expect(within(code).getByRole('option', { name: 'RESOURCE_UNKNOWN' })).toBeTruthy();
    await user.selectOptions(code, 'SERVICE_UNAVAILABLE');
    expect(form.textContent).toContain("The sandbox's own code, not one of 1.3.12");
  });

  it('sends an error with its status and text, count, PSU and resource', async () => {
    const user = userEvent.setup();
    const { form, onAdd } = renderPanel();
    await user.selectOptions(within(form).getByLabelText('Operation'), 'readAccountDetails');
    await user.selectOptions(within(form).getByLabelText('Error code'), 'RESOURCE_UNKNOWN');
    await user.selectOptions(within(form).getByLabelText('HTTP status'), '403');
    await user.type(within(form).getByLabelText('Text'), 'No such account here.');
    await user.type(within(form).getByLabelText('Count'), '2');
    await user.type(within(form).getByLabelText('PSU-ID'), 'alice');
    await user.type(within(form).getByLabelText('Resource'), 'acc-1');
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    expect(onAdd).toHaveBeenCalledWith({
      operation: 'readAccountDetails',
      error: 'RESOURCE_UNKNOWN',
      status: 403,
      text: 'No such account here.',
      count: 2,
      psuId: 'alice',
      resourceId: 'acc-1',
    });
  });

  it('sends a hang and a decoupled abort', async () => {
    const user = userEvent.setup();
    const { form, onAdd } = renderPanel();
    await user.click(within(form).getByRole('radio', { name: 'Never answer (hang)' }));
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    expect(onAdd).toHaveBeenLastCalledWith({ operation: '*', hang: true });
    await user.selectOptions(within(form).getByLabelText('Operation'), 'startPaymentAuthorisation');
    await user.click(within(form).getByRole('radio', { name: 'PSU aborts the decoupled SCA' }));
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    expect(onAdd).toHaveBeenLastCalledWith({ operation: 'startPaymentAuthorisation', decoupledAbort: true });
  });

  it('checks what was typed at each setting and sends nothing until it is right', async () => {
    const user = userEvent.setup();
    const { form, onAdd } = renderPanel();
    await user.selectOptions(within(form).getByLabelText('Error code'), 'RESOURCE_UNKNOWN');
    await user.click(within(form).getByLabelText('Text'));
    await user.paste('x'.repeat(501));
    await user.type(within(form).getByLabelText('Count'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Text').getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('The text may be at most 500 characters; it has 501.');
    expect(within(form).getByLabelText('Count').getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Nothing was sent');

    await user.click(within(form).getByRole('radio', { name: 'Answer slowly' }));
    await user.clear(within(form).getByLabelText('Delay (ms)'));
    await user.type(within(form).getByLabelText('Delay (ms)'), '700000');
    await user.clear(within(form).getByLabelText('Count'));
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(form.textContent).toContain('a whole number from 0 to 600000 (10 minutes)');
    expect(within(form).getByLabelText<HTMLInputElement>('Delay (ms)').value).toBe('700000');
  });

  it('keeps what was typed when the sandbox refuses it, and shows the refusal at the setting it names', async () => {
    const user = userEvent.setup();
    const { form, rerender } = renderPanel();
    await user.type(within(form).getByLabelText('PSU-ID'), 'nobody');
    await user.selectOptions(within(form).getByLabelText('Error code'), 'SERVICE_UNAVAILABLE');
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));
    rerender({
      add: {
        mutate: vi.fn(),
        isPending: false,
        error: new SandboxAdminError(400, 'invalid_scenario', 'psuId: the PSU nobody is not at this bank.', 'x-1'),
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The sandbox did not accept these values');
    const psu = within(form).getByLabelText<HTMLInputElement>('PSU-ID');
    expect(psu.value).toBe('nobody');
    expect(psu.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('The sandbox says: The PSU nobody is not at this bank.');
    await user.type(psu, 'x');
    expect(psu.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the active scenarios', () => {
  it('are listed with all their settings, the default status and the sandbox’s own codes said', () => {
    renderPanel({
      scenarios: [
        {
          id: 's-1',
          operation: 'readAccountDetails',
          effect: { kind: 'error', code: 'RESOURCE_UNKNOWN' },
          remaining: 1,
          psuId: 'alice',
          resourceId: 'acc-1',
        },
        {
          id: 's-2',
          operation: 'createConsent',
          effect: { kind: 'error', code: 'SERVICE_UNAVAILABLE', status: 503, text: 'Down for maintenance.' },
          remaining: 3,
        },
        { id: 's-3', operation: '*', effect: { kind: 'hang' }, remaining: null },
        { id: 's-4', operation: 'startPaymentAuthorisation', effect: { kind: 'decoupled-abort' }, remaining: null },
        { id: 's-5', operation: '*', effect: { kind: 'delay', ms: 2500 }, remaining: 2 },
      ],
    });
    const items = within(screen.getByRole('list', { name: 'Active scenarios' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);
    expect(items).toEqual([
      'readAccountDetails answers RESOURCE_UNKNOWN (HTTP 404, the default there) for the next call, only for PSU alice and resource acc-1.',
      'createConsent answers SERVICE_UNAVAILABLE (HTTP 503; the sandbox’s own code) with the text “Down for maintenance.” for the next 3 calls.',
      'Every operation never answers (hangs until the client gives up) until removed.',
      'startPaymentAuthorisation has its decoupled SCA aborted by the PSU until removed.',
      'Every operation answers after 2500 ms for the next 2 calls.',
    ]);
  });
});

describe('scenarioInput and refusalField', () => {
  it('asks for a code, and reads a refusal that names no setting as none', () => {
    expect(scenarioInput(emptyDraft)).toEqual({
      problems: { error: 'Choose the error code the bank should answer with.' },
    });
    expect(refusalField('Give exactly one of error, delayMs, hang or decoupledAbort.')).toBeUndefined();
    expect(refusalField('status: Invalid input: expected number')).toEqual({
      field: 'status',
      words: 'Invalid input: expected number',
    });
  });
});
