/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for tests: every line is a
 * `# HELP`, a `# TYPE`, a comment, blank, or a sample `name{label="value",…} value [timestamp]`; a family
 * is typed once, before its samples; a histogram's buckets carry `le`, rise, and end with `+Inf` equal to
 * its `_count`. Throws naming the line on anything else; answers the samples.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  help: Map<string, string>;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case (prom-client writes "Nan").
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    if (eq < 0) throw new Error(`bad labels in: ${line}`);
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name) || name in labels) throw new Error(`bad label name ${name} in: ${line}`);
    if (text[eq + 1] !== '"') throw new Error(`unquoted label value in: ${line}`);
    let j = eq + 2;
    let value = '';
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      } else value += text[j];
    }
    if (text[j] !== '"') throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (i < text.length) throw new Error(`bad label separator in: ${line}`);
  }
  return labels;
}

const familyOf = (name: string, types: Map<string, string>) => {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return types.get(base) === 'histogram' || types.get(base) === 'summary' ? base : name;
};

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  const samples: Sample[] = [];
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) continue; // a plain comment
      const [, kind, name, rest] = m as unknown as [string, string, string, string];
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`bad type in: ${line}`);
        if (types.has(name)) throw new Error(`${name} typed twice`);
        if (samples.some((s) => familyOf(s.name, types) === name))
          throw new Error(`${name} typed after samples`);
        types.set(name, rest);
      } else {
        if (help.has(name)) throw new Error(`${name} has two HELP lines`);
        help.set(name, rest);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const [, name, labelText, valueText] = m as unknown as [string, string, string | undefined, string];
    if (!types.has(familyOf(name, types))) throw new Error(`sample of an untyped family: ${line}`);
    samples.push({
      name,
      labels: labelText ? parseLabels(labelText, line) : {},
      value: parseValue(valueText, line),
    });
  }
  checkHistograms(types, samples);
  return { types, help, samples };
}

function checkHistograms(types: Map<string, string>, samples: Sample[]) {
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, { buckets: [number, number][]; count?: number }>();
    const keyOf = (labels: Record<string, string>) =>
      JSON.stringify(
        Object.entries(labels)
          .filter(([k]) => k !== 'le')
          .sort(),
      );
    for (const s of samples) {
      const entry = () => {
        const key = keyOf(s.labels);
        if (!series.has(key)) series.set(key, { buckets: [] });
        return series.get(key)!;
      };
      if (s.name === `${family}_bucket`) {
        if (s.labels.le === undefined) throw new Error(`${family} bucket without le`);
        entry().buckets.push([parseValue(s.labels.le, s.labels.le), s.value]);
      } else if (s.name === `${family}_count`) entry().count = s.value;
    }
    for (const [key, { buckets, count }] of series) {
      const last = buckets.at(-1);
      if (!last || last[0] !== Infinity) throw new Error(`${family}${key}: no +Inf bucket`);
      if (last[1] !== count)
        throw new Error(`${family}${key}: +Inf bucket ${last[1]} is not _count ${count}`);
      for (let i = 1; i < buckets.length; i++)
        if (buckets[i]![0] <= buckets[i - 1]![0] || buckets[i]![1] < buckets[i - 1]![1])
          throw new Error(`${family}${key}: buckets out of order`);
    }
  }
}

/** The sum of the samples with this name and (at least) these labels; undefined when there is none. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = exposition.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.length === 0 ? undefined : found.reduce((sum, s) => sum + s.value, 0);
}
