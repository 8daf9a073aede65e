import type { RouteObject } from 'react-router';
import { FirstAdminTab } from './first-admin-tab';

/** Children of /main: the admin area (docs/product/admin-accounts.md#admin-area) with the tabs built so far. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => {
      const { AdminPage } = await import(/* webpackChunkName: "admin" */ './admin-page');
      return { Component: AdminPage };
    },
    children: [
      {
        path: 'tenant',
        lazy: async () => {
          const { AccountsTab } = await import(/* webpackChunkName: "admin" */ './accounts/accounts-tab');
          return { Component: AccountsTab };
        },
      },
      {
        path: 'tenant/addTenant',
        lazy: async () => {
          const { AccountFormPage } = await import(/* webpackChunkName: "admin" */ './accounts/account-form-page');
          return { Component: AccountFormPage };
        },
      },
      {
        path: 'tenant/editTenant/:id',
        lazy: async () => {
          const { AccountFormPage } = await import(/* webpackChunkName: "admin" */ './accounts/account-form-page');
          return { Component: AccountFormPage };
        },
      },
      {
        path: 'users',
        lazy: async () => {
          const { UsersTab } = await import(/* webpackChunkName: "admin" */ './users/users-tab');
          return { Component: UsersTab };
        },
      },
      {
        path: 'users/addUser',
        lazy: async () => {
          const { UserFormPage } = await import(/* webpackChunkName: "admin" */ './users/user-form-page');
          return { Component: UserFormPage };
        },
      },
      {
        path: 'users/editUsers/:id',
        lazy: async () => {
          const { UserFormPage } = await import(/* webpackChunkName: "admin" */ './users/user-form-page');
          return { Component: UserFormPage };
        },
      },
      {
        path: 'roles',
        lazy: async () => {
          const { RolesTab } = await import(/* webpackChunkName: "admin" */ './roles/roles-tab');
          return { Component: RolesTab };
        },
      },
      {
        path: 'roles/addRole',
        lazy: async () => {
          const { CreateRoleForm } = await import(/* webpackChunkName: "admin" */ './roles/create-role-form');
          return { Component: CreateRoleForm };
        },
      },
      {
        path: 'permissions',
        lazy: async () => {
          const { PermissionsTab } = await import(/* webpackChunkName: "admin" */ './permissions/permissions-tab');
          return { Component: PermissionsTab };
        },
      },
      {
        path: 'clientapp',
        lazy: async () => {
          const { ClientAppsTab } = await import(/* webpackChunkName: "admin" */ './client-apps/client-apps-tab');
          return { Component: ClientAppsTab };
        },
      },
      {
        path: 'clientapp/addClientApp',
        lazy: async () => {
          const { ClientAppFormPage } = await import(
            /* webpackChunkName: "admin" */ './client-apps/client-app-form-page'
          );
          return { Component: ClientAppFormPage };
        },
      },
      {
        path: 'clientapp/editClientApp/:id',
        lazy: async () => {
          const { ClientAppViewPage } = await import(
            /* webpackChunkName: "admin" */ './client-apps/client-app-view-page'
          );
          return { Component: ClientAppViewPage };
        },
      },
      {
        path: 'Secrets',
        lazy: async () => {
          const { SecretsTab } = await import(/* webpackChunkName: "admin" */ './secrets/secrets-tab');
          return { Component: SecretsTab };
        },
      },
      {
        path: 'Secrets/addSecret',
        lazy: async () => {
          const { SecretFormPage } = await import(/* webpackChunkName: "admin" */ './secrets/secret-form-page');
          return { Component: SecretFormPage };
        },
      },
      { index: true, element: <FirstAdminTab /> },
      // Any other admin path goes to the tenant tab (docs/product/admin-accounts.md#admin-area), or the first tab the user may read without it.
      { path: '*', element: <FirstAdminTab /> },
    ],
  },
];
