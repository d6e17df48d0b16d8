import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the page snapshot Playwright saves for a failed test, so a CI log alone shows what the
 * page looked like (the test-results folder is gone once CI's clone is removed).
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return;
    for (const attachment of result.attachments) {
      if (!attachment.path?.endsWith('error-context.md')) continue;
      const text = readFileSync(attachment.path, 'utf8');
      console.log(`\n--- page at failure: ${test.title} ---\n${text.slice(0, 6000)}\n--- end ---\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
