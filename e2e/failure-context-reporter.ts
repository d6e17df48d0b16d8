import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the page snapshot Playwright saves for a failed test, so a CI log alone shows what the
 * page looked like (the test-results folder is gone once CI's clone is removed). Printed at the
 * end of the run, after the list's summary: a log read from its tail shows it.
 */
export default class FailureContextReporter implements Reporter {
  private readonly pages: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return;
    for (const attachment of result.attachments) {
      if (!attachment.path?.endsWith('error-context.md')) continue;
      const text = readFileSync(attachment.path, 'utf8');
      this.pages.push(`--- page at failure: ${test.title} ---\n${text.slice(0, 4000)}\n--- end ---`);
    }
  }

  onEnd(): void {
    if (this.pages.length > 0) console.log(`\n${this.pages.slice(0, 3).join('\n\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
