/**
 * Zod without code generation: its faster object parser compiles with `new Function`, which the
 * pages' Content Security Policy forbids (no 'unsafe-eval'). Zod would fall back by itself, but its
 * probe is reported as a policy violation on every page. Imported first by main.tsx.
 *
 * Zod keeps its configuration in one object on globalThis (`__zod_globalConfig`; `z.config()` merges
 * into it and every copy of zod reads it). Setting it here, without importing zod, keeps zod out of the
 * first bundle (ADR 0023): it loads with the first page or form that validates. Its customError,
 * plainZodMessage from the domain, imports no zod at run time either. Whichever of this file
 * and zod runs first, both end up with the same object; zod-config.test.ts checks it still works.
 */
import { plainZodMessage } from '@stg/domain/zod-messages';

const ZOD_CONFIG_KEY = '__zod_globalConfig';

type ZodGlobal = typeof globalThis & { [ZOD_CONFIG_KEY]?: Record<string, unknown> };

const zodConfig = ((globalThis as ZodGlobal)[ZOD_CONFIG_KEY] ??= {});
zodConfig.jitless = true;
// A limit a schema gave no message of its own reads in plain words (issue 23), as the server's 422s do.
zodConfig.customError = plainZodMessage;

export {};
