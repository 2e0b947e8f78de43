import { lazy } from 'react';

/** The review-form modal, loaded on first use: it brings zod, which the provider page's first bundle does not need. */
export const LazyReviewFormModal = lazy(() =>
  import('./review-form-modal').then((module) => ({ default: module.ReviewFormModal })),
);
