// @vitest-environment happy-dom
// The inspector shows header deviations beside body deviations, and says which headers a cross-origin answer hid.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { scaExchange } from '../../api/test-exchanges';
import { ExchangeDetail } from './exchange-detail';

afterEach(cleanup);

describe('header deviations in the inspector', () => {
  it('lists a header deviation with the body’s and names the headers it could not check', () => {
    const exchange: Exchange = {
      ...scaExchange(),
      deviations: [{ path: 'header ASPSP-SCA-Approach', message: 'OAUTH is not one of EMBEDDED, DECOUPLED, REDIRECT' }],
      uncheckedHeaders: ['X-Request-ID'],
    };
    render(<ExchangeDetail exchange={exchange} curl={() => ''} />, { wrapper: MemoryRouter });
    expect(screen.getByText('header ASPSP-SCA-Approach').closest('li')?.textContent).toBe(
      'header ASPSP-SCA-Approach: OAUTH is not one of EMBEDDED, DECOUPLED, REDIRECT',
    );
    expect(screen.getByText(/^Not checked: X-Request-ID\./).textContent).toMatch(
      /another origin and does not list this header in Access-Control-Expose-Headers/,
    );
  });

  it('names unchecked headers also when nothing deviates', () => {
    render(
      <ExchangeDetail
        exchange={{ ...scaExchange(), deviations: [], uncheckedHeaders: ['Location'] }}
        curl={() => ''}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByText(/^Not checked: Location\./)).toBeTruthy();
    expect(screen.queryByText(/No deviation/)).toBeNull();
  });
});
