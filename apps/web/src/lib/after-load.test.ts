import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad } from './after-load';

describe('afterLoad', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('runs the task in an idle period once the page has loaded, and can be cancelled', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', () => idle.splice(0));
    const task = vi.fn();
    afterLoad(task);
    expect(task).not.toHaveBeenCalled();
    idle.forEach((fn) => fn());
    expect(task).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    afterLoad(other)();
    idle.forEach((fn) => fn());
    expect(other).not.toHaveBeenCalled();
  });

  it('waits for the load event while the page is loading (a timer without requestIdleCallback)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    afterLoad(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
