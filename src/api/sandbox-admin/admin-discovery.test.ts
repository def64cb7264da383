import { describe, expect, it } from 'vitest';
import { adminDiscoveryDocument } from '../../testing/http';
import { readAdminControls } from './admin-discovery';

describe('readAdminControls', () => {
  it('reads the controls of the sandbox’s discovery document', () => {
    const document = adminDiscoveryDocument();
    expect(readAdminControls(document)).toEqual(document.controls);
    const { authentication: _authentication, ...withoutAuthentication } = document;
    expect(readAdminControls(withoutAuthentication)).toEqual(document.controls);
  });

  it('leaves out members it does not know', () => {
    const document = adminDiscoveryDocument();
    const clock = { ...document.controls.clock, note: 'x', actions: { set: { method: 'POST', href: '/set', why: 1 } } };
    const read = readAdminControls({ ...document, extra: true, controls: { ...document.controls, clock, more: {} } });
    expect(read).toEqual({
      ...document.controls,
      clock: { href: clock.href, actions: { set: { method: 'POST', href: '/set' } } },
    });
  });

  it.each([
    ['no object', null],
    ['a list', [adminDiscoveryDocument()]],
    ['no name', { ...adminDiscoveryDocument(), name: undefined }],
    ['a version in text', { ...adminDiscoveryDocument(), version: '1' }],
    ['another authentication', { ...adminDiscoveryDocument(), authentication: 'basic' }],
    [
      'a control missing',
      { ...adminDiscoveryDocument(), controls: { ...adminDiscoveryDocument().controls, data: undefined } },
    ],
    [
      'a control without href',
      { ...adminDiscoveryDocument(), controls: { ...adminDiscoveryDocument().controls, clock: { actions: {} } } },
    ],
    [
      'actions that are no object',
      {
        ...adminDiscoveryDocument(),
        controls: { ...adminDiscoveryDocument().controls, clock: { href: '/c', actions: null } },
      },
    ],
    [
      'an action without method',
      {
        ...adminDiscoveryDocument(),
        controls: { ...adminDiscoveryDocument().controls, clock: { href: '/c', actions: { set: { href: '/s' } } } },
      },
    ],
  ])('reads %s as no discovery document', (_name, document) => {
    expect(readAdminControls(document)).toBeUndefined();
  });
});
