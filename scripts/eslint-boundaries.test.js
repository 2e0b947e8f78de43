// The module-boundary lint rules (ADR 0026), run by `npm test` (vitest project `scripts`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import boundaries from './eslint-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = (file) => path.join(root, 'apps/server/src', file);
const web = (file) => path.join(root, 'apps/web/src', file);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

tester.run('no-other-module-repo', boundaries.rules['no-other-module-repo'], {
  valid: [
    // A module's own repo, from any of its files.
    { filename: src('modules/orders/service.ts'), code: "import { updateOrder } from './repo';" },
    { filename: src('modules/orders/routes.ts'), code: "import { findCustomerOrder } from './repo';" },
    {
      filename: src('modules/auth/login-throttle.ts'),
      code: "import { createSession } from './session-repo';",
    },
    // Another module's service or the query module it exports on purpose.
    { filename: src('modules/payments/settle.ts'), code: "import { insertOrder } from '../orders/queries';" },
    {
      filename: src('modules/session/routes.ts'),
      code: "import { loadVendorDetail } from '../vendors/service';",
    },
    { filename: src('app.ts'), code: "import { registerRateLimits } from './modules/rate-limits/hook';" },
    // A file called repo outside the modules (an adapter's store) is not a module's repo.
    {
      filename: src('modules/dev/outbox-routes.ts'),
      code: "import { listOutbox } from '../../adapters/mail/outbox-repo';",
    },
    // Packages and files outside apps/server/src are not checked.
    { filename: src('modules/orders/service.ts'), code: "import { eq } from 'drizzle-orm';" },
    { filename: web('lib/x.ts'), code: "import { a } from '../../../server/src/modules/orders/repo';" },
  ],
  invalid: [
    // A service, a helper file, a repo: every file of another module, not only its routes.
    {
      filename: src('modules/session/service.ts'),
      code: "import { listCustomerOrders } from '../orders/repo';",
      errors: [
        {
          messageId: 'repo',
          data: {
            from: "Module 'session' (modules/session/service.ts)",
            to: 'orders',
            target: 'apps/server/src/modules/orders/repo',
          },
        },
      ],
    },
    {
      filename: src('modules/payments/settle.ts'),
      code: "import { findOwnedBooking } from '../bookings/repo.ts';\nimport { findVendor } from '../pricing/repo';",
      errors: [{ messageId: 'repo' }, { messageId: 'repo' }],
    },
    {
      filename: src('modules/password/repo.ts'),
      code: "import { invalidateResetTokens } from '../users/repo';",
      errors: [{ messageId: 'repo' }],
    },
    // A *-repo.ts file is a repo too.
    {
      filename: src('modules/jobs/maintenance.ts'),
      code: "import { deleteExpiredSessions } from '../auth/session-repo';",
      errors: [{ messageId: 'repo' }],
    },
    // Routes, as before.
    {
      filename: src('modules/pricing/routes.ts'),
      code: "import { findVendor } from '../vendors/repo';",
      errors: [{ messageId: 'repo' }],
    },
    // Files outside the modules: http/, seed/, cli/, top-level files.
    {
      filename: src('http/rate-limit.ts'),
      code: "import { hit } from '../modules/rate-limits/repo';",
      errors: [
        {
          messageId: 'repo',
          data: {
            from: 'http/rate-limit.ts',
            to: 'rate-limits',
            target: 'apps/server/src/modules/rate-limits/repo',
          },
        },
      ],
    },
    {
      filename: src('seed/demo.ts'),
      code: "import { insertOrder } from '../modules/orders/repo';",
      errors: [{ messageId: 'repo' }],
    },
    {
      filename: src('cli/db.ts'),
      code: "import { x } from '../modules/users/repo';",
      errors: [{ messageId: 'repo' }],
    },
    {
      filename: src('web-pages.ts'),
      code: "import { loadVendorDetail } from './modules/vendors/repo';",
      errors: [{ messageId: 'repo' }],
    },
    // Type-only imports, re-exports and dynamic imports count.
    {
      filename: src('modules/payouts/service.ts'),
      code: "import type { OrderRow } from '../orders/repo';",
      errors: [{ messageId: 'repo' }],
    },
    {
      filename: src('modules/vendors/service.ts'),
      code: "export { isEmailTaken } from '../users/repo';",
      errors: [{ messageId: 'repo' }],
    },
    {
      filename: src('modules/vendors/service.ts'),
      code: "export * from '../users/repo';",
      errors: [{ messageId: 'repo' }],
    },
    {
      filename: src('bootstrap.ts'),
      code: "const repo = await import('./modules/jobs/repo');",
      errors: [{ messageId: 'repo' }],
    },
  ],
});

tester.run('no-cross-feature-import', boundaries.rules['no-cross-feature-import'], {
  valid: [
    { filename: web('features/catalog/routes/page.tsx'), code: "import { Card } from '../components/card';" },
    {
      filename: web('features/catalog/routes/page.tsx'),
      code: "import { Modal } from '../../../components/modal';",
    },
    {
      filename: web('features/provider/routes/page.tsx'),
      code: "import { CheckoutButton } from '../../checkout/components/checkout-button';",
      options: [{ publicEntries: ['checkout/components/checkout-button'] }],
    },
    {
      filename: web('features/dashboard/routes/dashboard-section-page.tsx'),
      code: "import Page from '../../orders/routes/orders-page';",
      options: [{ routers: ['dashboard/routes/dashboard-section-page'] }],
    },
  ],
  invalid: [
    {
      filename: web('features/provider/routes/page.tsx'),
      code: "import { useCheckoutState } from '../../checkout/api/state';",
      options: [{ publicEntries: ['checkout/components/checkout-button'] }],
      errors: [
        {
          messageId: 'feature',
          data: { from: 'provider', to: 'checkout', target: 'features/checkout/api/state' },
        },
      ],
    },
    {
      filename: web('features/dashboard/routes/dashboard-section-page.tsx'),
      code: "import { Row } from '../../orders/components/row';",
      options: [{ routers: ['dashboard/routes/dashboard-section-page'] }],
      errors: [{ messageId: 'feature' }],
    },
  ],
});

const domain = (file) => path.join(root, 'packages/domain/src', file);

tester.run('no-api-path-literal', boundaries.rules['no-api-path-literal'], {
  valid: [
    // Naming the endpoint object.
    {
      filename: web('features/orders/api/orders-query.ts'),
      code: 'const answer = await call(ordersApi.customerOrders);',
    },
    {
      filename: web('features/orders/orders-page.test.tsx'),
      code: 'mockApi({ [at(ordersApi.customerOrders)]: { body } });',
    },
    // Pages of the site, and strings that merely mention the API.
    { filename: web('app/routes.tsx'), code: "const path = '/orders';" },
    { filename: web('app/routes.tsx'), code: "const label = 'Read the /api/docs page';" },
    { filename: web('app/routes.tsx'), code: 'const p = `/apiary/${id}`;' },
    // An import is a module, not an address.
    { filename: web('lib/x.ts'), code: "import x from '/api/not-an-address';" },
  ],
  invalid: [
    {
      filename: web('features/orders/api/orders-query.ts'),
      code: "api.get('/api/orders');",
      errors: [{ messageId: 'literal' }],
    },
    {
      filename: web('features/orders/api/use-cancel-order.ts'),
      code: 'api.patch(`/api/orders/${orderId}/cancel-order`, body);',
      errors: [{ messageId: 'literal' }],
    },
    {
      filename: web('features/orders/orders-page.test.tsx'),
      code: "mockApi({ 'GET /api/orders': { body } });",
      errors: [{ messageId: 'literal' }],
    },
    {
      filename: src('app.ts'),
      code: "if (req.url.startsWith('/api/')) return;",
      errors: [{ messageId: 'literal' }],
    },
    { filename: src('app.ts'), code: "const docs = '/api';", errors: [{ messageId: 'literal' }] },
    {
      filename: path.join(root, 'e2e/tests/orders.spec.ts'),
      code: "await request.get('http://localhost:3000/api/session?x=1');",
      errors: [{ messageId: 'literal' }],
    },
    {
      filename: domain('api/orders.ts'),
      code: 'const p = `/api/vendors/${id}`;',
      errors: [{ messageId: 'literal' }],
    },
  ],
});
