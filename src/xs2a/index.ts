// Public surface of the XS2A 1.3.12 model, shared by the console and the sandbox server.
export * from './accounts';
export * from './common';
export * from './consents';
export * from './enums';
export * from './errors';
export * from './funds-confirmations';
export * from './message-codes';
export * from './operations';
export * from './request-schemas';
export * from './payments';
export * from './purpose-codes';
export * from './sca';
export * from './status-names';
export * from './masking';
export * from './status-maps';
export * from './audience-words';
export * from './request-parameters';
