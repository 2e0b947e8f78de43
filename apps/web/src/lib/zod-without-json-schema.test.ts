import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, stubOf } from '../../vite-zod-without-json-schema';

const zodCore = path.dirname(createRequire(import.meta.url).resolve('zod/v4/core'));
const source = (name: string) => fs.readFileSync(path.join(zodCore, `${name}.js`), 'utf8');

describe('the build without zod JSON Schema (vite-zod-without-json-schema)', () => {
  it.each(['json-schema-processors', 'to-json-schema'])(
    '%s: the stub exports every name of the real module',
    async (name) => {
      const real = (await import(/* @vite-ignore */ path.join(zodCore, `${name}.js`))) as Record<
        string,
        unknown
      >;
      expect(new Set(exportedNames(source(name)))).toEqual(new Set(Object.keys(real)));
    },
  );

  it('the factories schemas call while being built return a function that throws when used', async () => {
    const url = `data:text/javascript,${encodeURIComponent(stubOf(source('to-json-schema')))}`;
    const stub = (await import(/* @vite-ignore */ url)) as Record<string, (...args: unknown[]) => unknown>;
    const method = stub.createStandardJSONSchemaMethod!({}, 'input');
    expect(typeof method).toBe('function');
    expect(() => (method as () => unknown)()).toThrow(/not part of the web app/);
    expect(() => stub.initializeContext!({})).toThrow(/not part of the web app/);
  });
});
