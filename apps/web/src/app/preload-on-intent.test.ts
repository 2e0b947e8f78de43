import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadOnIntent } from './preload-on-intent';

function link(href: string, text = 'Go') {
  const a = document.createElement('a');
  a.href = href;
  const span = document.createElement('span');
  span.textContent = text;
  a.append(span);
  document.body.append(a);
  return { a, span };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('preloadOnIntent', () => {
  it('preloads the page of a same-origin link the pointer enters, touches or focuses', () => {
    const preload = vi.fn();
    const stop = preloadOnIntent(preload);
    const vendor = link('/vendors/7?x=1');
    const services = link('/services?category=all');
    const about = link('/about-us');

    vendor.span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    services.a.dispatchEvent(new Event('touchstart', { bubbles: true }));
    about.a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));

    expect(preload.mock.calls).toEqual([['/vendors/7'], ['/services'], ['/about-us']]);
    stop();
  });

  it('asks once while the pointer moves over the same link', () => {
    const preload = vi.fn();
    const stop = preloadOnIntent(preload);
    const { a, span } = link('/vendors/7');
    span.dispatchEvent(new Event('pointerover', { bubbles: true }));
    a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ignores other origins, things that are not links, and stops when asked', () => {
    const preload = vi.fn();
    const stop = preloadOnIntent(preload);
    link('https://stripe.com/docs').a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    const div = document.createElement('div');
    document.body.append(div);
    div.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();

    stop();
    link('/orders').a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
  });
});
