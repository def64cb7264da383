// The import boundaries of docs/architecture.md, as ESLint enforces them: each forbidden arrow is reported, each
// allowed one is not. A probe file is linted in memory at a path inside the element it speaks for.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: process.cwd(),
  // Only the boundaries rule, and no type information: the probe files do not exist on disk.
  ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies',
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } }],
});

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  const text = `import * as target from '${importPath}';\nexport const probe = target;\n`;
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['the 1.3.12 model imports nothing of the project', 'src/xs2a/probe.ts', '../api'],
    ['the 1.3.12 model does not know the flows', 'src/xs2a/probe.ts', '../flows/sca'],
    ['the fetch layer does not know the features', 'src/api/probe.ts', '../features/payments/pages/payment-page'],
    ['the fetch layer does not know the flows', 'src/api/probe.ts', '../flows/sca'],
    ['UI pieces do not fetch', 'src/components/probe.ts', '../api'],
    ['flows sit below the features', 'src/flows/probe.ts', '../features/consents/pages/consent-page'],
    ['a feature does not reach into another', 'src/features/payments/probe.ts', '../consents/pages/consent-page'],
    ['the server takes only the model from src/', 'server/probe.ts', '../src/api'],
    ['the sandbox does not use the console', 'server/sandbox/probe.ts', '../../src/flows/sca'],
    ['the sandbox does not use its test kits', 'server/sandbox/domain/probe.ts', '../testing/test-kit'],
    ['the server does not use the test PKI', 'server/relay/probe.ts', '../testing/test-pki'],
  ])('forbids it: %s', async (_rule, file, target) => {
    const errors = await boundaryErrors(file, target);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^boundaries\/dependencies: There is no policy allowing/);
  });

  it.each([
    ['a feature uses the flows', 'src/features/payments/probe.ts', '../../flows/sca'],
    ['a feature uses the fetch layer', 'src/features/accounts/probe.ts', '../../api'],
    ['a flow uses the fetch layer and the model', 'src/flows/probe.ts', '../api'],
    ['the app composes features', 'src/app/probe.ts', '../features/payments/pages/payment-page'],
    ['the server uses the model', 'server/probe.ts', '../src/xs2a'],
    ['a sandbox test uses its test kit', 'server/sandbox/probe.test.ts', './testing/test-kit'],
    ['the e2e suite makes its PKI with the server’s kit', 'e2e/probe.ts', '../server/testing/test-pki'],
  ])('allows it: %s', async (_rule, file, target) => {
    expect(await boundaryErrors(file, target)).toEqual([]);
  });
});

describe('the sandbox’s layers', () => {
  const layers = new ESLint({
    cwd: process.cwd(),
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } }],
  });
  async function layerErrors(filePath: string, importPath: string): Promise<string[]> {
    const text = `import * as target from '${importPath}';\nexport const probe = target;\n`;
    const [result] = await layers.lintText(text, { filePath });
    return (result?.messages ?? []).map((message) => message.message);
  }

  it.each([
    ['the domain does not render HTTP', 'server/sandbox/domain/probe.ts', '../http/headers'],
    ['the domain does not know the routes', 'server/sandbox/domain/probe.ts', '../routes/payments'],
    ['rules do not know the domain', 'server/sandbox/rules/probe.ts', '../domain/payments'],
    ['the store does not know HTTP', 'server/sandbox/store/probe.ts', '../http/respond'],
  ])('forbids it: %s', async (_rule, file, target) => {
    expect(await layerErrors(file, target)).toEqual([expect.stringMatching(/^Unexpected path .* in restricted zone/)]);
  });

  it.each([
    ['http uses the domain', 'server/sandbox/http/probe.ts', '../domain/parse'],
    ['the domain throws the rules’ BankError', 'server/sandbox/domain/probe.ts', '../rules/bank-error'],
  ])('allows it: %s', async (_rule, file, target) => {
    expect(await layerErrors(file, target)).toEqual([]);
  });
});
