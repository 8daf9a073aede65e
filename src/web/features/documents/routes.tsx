import type { RouteObject } from 'react-router';

/** Children of /main (docs/product/documents.md#page). */
export const documentsRoutes: RouteObject[] = [
  {
    path: 'documents',
    lazy: async () => {
      const { DocumentsPage } = await import(/* webpackChunkName: "documents" */ './documents-page');
      return { Component: DocumentsPage };
    },
  },
];
