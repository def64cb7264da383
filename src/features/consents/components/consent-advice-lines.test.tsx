// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentAdviceLines } from './consent-advice-lines';

afterEach(() => {
  cleanup();
});

describe('ConsentAdviceLines', () => {
  it('shows each piece of advice as its own line', () => {
    render(<ConsentAdviceLines advice={['Create a new consent.', 'Ask the PSU again.']} />);
    const lines = screen.getAllByText('What to do:').map((label) => label.parentElement?.textContent);
    expect(lines).toEqual(['What to do: Create a new consent.', 'What to do: Ask the PSU again.']);
  });

  it('shows nothing without advice', () => {
    const { container } = render(<ConsentAdviceLines advice={[]} />);
    expect(container.childNodes).toHaveLength(0);
  });
});
