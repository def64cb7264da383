// Playwright reporter of `npm run check:bank`: merges the deviation parts the tests attach into deviations.md and
// deviations.json beside the HTML report, and prints a short summary at the very end of the run.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import {
  DEVIATIONS_ATTACHMENT,
  mergeParts,
  parsePart,
  summaryLines,
  writeDeviationReport,
  type CheckPart,
} from './deviation-report';

interface Options {
  /** Where deviations.md and deviations.json go; listed after the HTML reporter, which empties its folder first. */
  outputFolder?: string;
}

export default class DeviationReporter implements Reporter {
  private readonly parts: CheckPart[] = [];
  private folder = 'check-bank-report';
  private bank: string | undefined;
  private checkFile: string | undefined;

  constructor(private readonly options: Options = {}) {}

  onBegin(config: FullConfig): void {
    // Relative to the config file, as Playwright resolves its own reporters' folders.
    const configDir = config.configFile ? dirname(config.configFile) : process.cwd();
    this.folder = resolve(configDir, this.options.outputFolder ?? this.folder);
    const metadata = config.metadata as { checkBank?: { bank?: string; checkFile?: string } };
    this.bank = metadata.checkBank?.bank;
    this.checkFile = metadata.checkBank?.checkFile;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const attachment of result.attachments) {
      if (attachment.name !== DEVIATIONS_ATTACHMENT) continue;
      const text = attachment.body
        ? attachment.body.toString('utf8')
        : attachment.path
          ? readFileSync(attachment.path, 'utf8')
          : '';
      const part = parsePart(text);
      if (part) this.parts.push({ ...part, status: result.status });
    }
  }

  async onEnd(): Promise<void> {
    const report = mergeParts(this.parts, {
      ...(this.bank && { bank: this.bank }),
      ...(this.checkFile && { checkFile: this.checkFile }),
    });
    const { markdown } = await writeDeviationReport(this.folder, report);
    const lines = summaryLines(report, relative(process.cwd(), markdown) || markdown);
    console.log(`\n${lines.join('\n')}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
