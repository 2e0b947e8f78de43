import { useDocumentMeta } from './use-document-meta';

export const SITE_NAME = 'Servo';

/** "About Us" -> "About Us | Servo": each page's own browser title. */
export const pageTitle = (page: string) => `${page} | ${SITE_NAME}`;

/**
 * Names the browser tab after the calling page ("<Page> | Servo") while it is shown, and puts the
 * previous title back when it goes. null leaves the title alone (e.g. while the page's data loads).
 */
export function useDocumentTitle(page: string | null): void {
  useDocumentMeta(page === null ? null : pageTitle(page), null);
}
