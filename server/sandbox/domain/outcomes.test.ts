import { describe, expect, it } from 'vitest';
import { OutcomeRegistry, type OutcomeHandler } from './outcomes';

const handler: OutcomeHandler = {
  assertOpen: () => Promise.resolve(),
  assertPsuMayAuthorise: () => Promise.resolve(),
  apply: () => Promise.resolve(),
};

describe('the outcome registry', () => {
  it('finds the handler registered for an authorisation’s resource and kind', () => {
    const other: OutcomeHandler = { ...handler };
    const registry = new OutcomeRegistry()
      .register('payment:authorisation', handler)
      .register('payment:cancellation', other);
    expect(registry.for({ resource_type: 'payment', kind: 'cancellation' })).toBe(other);
    expect(() => registry.for({ resource_type: 'consent', kind: 'authorisation' })).toThrow(/consent:authorisation/);
  });

  it('says which kinds are missing until every one is registered', () => {
    const registry = new OutcomeRegistry().register('payment:authorisation', handler);
    expect(() => registry.assertComplete()).toThrow(/payment:cancellation, consent:authorisation/);
    registry
      .register('payment:cancellation', handler)
      .register('consent:authorisation', handler)
      .register('consent:cancellation', handler);
    expect(() => registry.assertComplete()).toThrow(/basket:authorisation/);
    registry.register('basket:authorisation', handler);
    expect(registry.assertComplete()).toBe(registry);
  });
});
