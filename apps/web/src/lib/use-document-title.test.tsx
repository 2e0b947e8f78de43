import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { pageTitle, useDocumentTitle } from './use-document-title';

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

describe('useDocumentTitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it('names the tab "<Page> | Servo" while the page is shown and restores the title after', () => {
    document.title = 'Servo · Home services in St George, UT';
    const view = render(<Page title="About Us" />);
    expect(document.title).toBe('About Us | Servo');
    view.rerender(<Page title="Contact Us" />);
    expect(document.title).toBe('Contact Us | Servo');
    view.unmount();
    expect(document.title).toBe('Servo · Home services in St George, UT');
  });

  it('leaves the title alone while it is null', () => {
    document.title = 'Before';
    render(<Page title={null} />);
    expect(document.title).toBe('Before');
  });

  it('formats a page name', () => {
    expect(pageTitle('Privacy Policy')).toBe('Privacy Policy | Servo');
  });
});
