// @vitest-environment happy-dom
// A request the console sent again by itself (a 429 it waited on, a bank's link that led nowhere without its prefix):
// the inspector says why beside that try.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { failedExchange } from '../../api/test-exchanges';
import { ExchangeDetail } from './exchange-detail';

afterEach(cleanup);

const waited: Exchange = {
  ...failedExchange(),
  request: { method: 'GET', url: 'https://bank.example/psd2/v1/accounts', headers: {} },
  response: { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': '1' }, bodyText: '' },
  triedAgain: 'The bank asked to wait 1 s (Retry-After: 1); the console tried again (try 2 of 4).',
};

describe('a try the console sent again', () => {
  it('says why in the exchange’s detail', () => {
    render(<ExchangeDetail exchange={waited} curl={() => ''} />, { wrapper: MemoryRouter });
    expect(screen.getByText(/Tried again:/).closest('p')?.textContent).toBe(
      'Tried again: The bank asked to wait 1 s (Retry-After: 1); the console tried again (try 2 of 4).',
    );
  });
});
