// The words that describe errors load with the first error, not with the page: before they are there an error says
// briefly what the bank answered (its status and its codes as sent), and once they are, the full description, in the
// error's own message too.
import { describe, expect, it } from 'vitest';
import { describeXs2aError, loadMessageMeanings, Xs2aError } from './errors';

describe('the words that describe errors', () => {
  it('are not loaded with the errors module: an error says its status and codes, then everything once they load', async () => {
    const error = new Xs2aError({
      kind: 'http',
      requestId: 'req-1',
      exchangeId: 'exchange-1',
      url: 'https://bank.example/psd2/v1/consents',
      status: 400,
      statusText: 'Bad Request',
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'access', text: 'access is missing' }],
    });
    expect(describeXs2aError(error)).toEqual({
      title: 'The bank answered 400 Bad Request',
      summary: '',
      messages: [{ code: 'FORMAT_ERROR', text: 'access is missing', path: 'access' }],
      requestId: 'req-1',
      status: 400,
      exchangeId: 'exchange-1',
    });
    expect(error.message).toBe('The bank answered 400 Bad Request');

    await loadMessageMeanings();
    const full = describeXs2aError(error);
    expect(full.title).toBe('The bank refused the request (400 FORMAT_ERROR)');
    expect(full.messages[0]?.meaning).toMatch(/malformed/);
    expect(error.message).toBe('The bank refused the request (400 FORMAT_ERROR): access is missing');
  });
});
