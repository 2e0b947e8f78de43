/**
 * Every journey runs under the pages' Content Security Policy (issue 14): a test fails when the
 * browser refused anything on its page (a script, style, image, frame or connection the policy
 * does not admit), so a policy too strict for the app cannot go unnoticed.
 */
import { expect, test as base } from '@playwright/test';

export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await use();
      expect(refused, 'the page refused something under its Content Security Policy').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
