/**
 * Zod without code generation: its faster object parser compiles with `new Function`, which the
 * pages' Content Security Policy forbids (no 'unsafe-eval'). Zod would fall back by itself, but its
 * probe is reported as a policy violation on every page. Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
