// What a bank check's steps found, in plain sentences: test annotations (shown in the HTML report), lines in the run's
// output, and the "Tests" section of deviations.md.
import { test } from '@playwright/test';

export class Findings {
  readonly notes: string[] = [];

  /** A fact the check established, e.g. "The bank chose EMBEDDED SCA for the consent." */
  note(text: string): void {
    this.notes.push(text);
    test.info().annotations.push({ type: 'finding', description: text });
    console.log(`  • ${text}`);
  }

  /** Something a person must do now (authorise at the bank, approve in an app); printed so it stands out. */
  say(text: string): void {
    test.info().annotations.push({ type: 'waiting for the PSU', description: text });
    console.log(`\n  >>> ${text}\n`);
  }
}
