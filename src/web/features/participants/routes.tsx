import type { RouteObject } from 'react-router';

/** The project's Participants tab and its add and edit forms, relative to /main/project/{id} (docs/product/participants.md). */
export const participantsRoutes: RouteObject[] = [
  {
    path: 'participants',
    lazy: async () => {
      const { ParticipantsTab } = await import(/* webpackChunkName: "project-participants" */ './participants-tab');
      return { Component: ParticipantsTab };
    },
  },
  ...['participants/add', 'participants/edit/:id'].map((path): RouteObject => ({
    path,
    lazy: async () => {
      const { ParticipantFormPage } = await import(
        /* webpackChunkName: "project-participant-form" */ './participant-form-page'
      );
      return { Component: ParticipantFormPage };
    },
  })),
];
