import { MODULE_MOCK_FILES, webProject } from './vitest.config';

/**
 * The web's test files that replace modules with `vi.mock`, each in a fresh worker thread (`threads`, isolated)
 * rather than a VM context on a shared one: see MODULE_MOCK_FILES. `--project 'web*'` runs both web projects.
 */
export default webProject({ name: 'web-module-mocks', pool: 'threads', include: MODULE_MOCK_FILES });
