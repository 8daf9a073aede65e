import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from './admin-tabs';

/**
 * The admin tabs' screens, relative to /main/admin. A tab shows in the tab strip (for a user who may read it)
 * as soon as a route of its key is here: registering the route is all a new tab needs.
 */
const adminTabRoutes: RouteObject[] = [
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
    path: 'lookups',
    lazy: async () => {
      const { LookupsTab } = await import(/* webpackChunkName: "admin" */ './lookups/lookups-tab');
      return { Component: LookupsTab };
    },
  },
  {
    path: 'lookups/addLookup',
    lazy: async () => {
      const { LookupFormPage } = await import(/* webpackChunkName: "admin" */ './lookups/lookup-form-page');
      return { Component: LookupFormPage };
    },
  },
  {
    path: 'lookups/editLookup',
    lazy: async () => {
      const { LookupFormPage } = await import(/* webpackChunkName: "admin" */ './lookups/lookup-form-page');
      return { Component: LookupFormPage };
    },
  },
  {
    path: 'callcenters',
    lazy: async () => {
      const { CallCentersTab } = await import(/* webpackChunkName: "admin" */ './call-centers/call-centers-tab');
      return { Component: CallCentersTab };
    },
  },
  {
    path: 'callcenters/addCallCenter',
    lazy: async () => {
      const { CallCenterFormPage } = await import(
        /* webpackChunkName: "admin" */ './call-centers/call-center-form-page'
      );
      return { Component: CallCenterFormPage };
    },
  },
  {
    path: 'callcenters/editCallCenter/:id',
    lazy: async () => {
      const { CallCenterFormPage } = await import(
        /* webpackChunkName: "admin" */ './call-centers/call-center-form-page'
      );
      return { Component: CallCenterFormPage };
    },
  },
  {
    path: 'orderdetails',
    lazy: async () => {
      const { OrdersTab } = await import(/* webpackChunkName: "admin" */ './orders/orders-tab');
      return { Component: OrdersTab };
    },
  },
  {
    path: 'orderdetails/createOrder',
    lazy: async () => {
      const { OrderFormPage } = await import(/* webpackChunkName: "admin" */ './orders/order-form-page');
      return { Component: OrderFormPage };
    },
  },
  {
    path: 'orderdetails/editOrder/:id',
    lazy: async () => {
      const { OrderFormPage } = await import(/* webpackChunkName: "admin" */ './orders/order-form-page');
      return { Component: OrderFormPage };
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
      const { ClientAppFormPage } = await import(/* webpackChunkName: "admin" */ './client-apps/client-app-form-page');
      return { Component: ClientAppFormPage };
    },
  },
  {
    path: 'clientapp/editClientApp/:id',
    lazy: async () => {
      const { ClientAppViewPage } = await import(/* webpackChunkName: "admin" */ './client-apps/client-app-view-page');
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
  {
    path: 'resultconfiguration',
    lazy: async () => {
      const { ResultConfigTab } = await import(
        /* webpackChunkName: "admin" */ './result-display-templates/result-config-tab'
      );
      return { Component: ResultConfigTab };
    },
  },
];

/** Keys of the admin tabs with a registered screen (the first segment of their routes). */
export const BUILT_ADMIN_TABS: ReadonlySet<string> = new Set(
  adminTabRoutes.map((route) => (route.path ?? '').split('/')[0]!),
);

const handle: AdminRouteHandle = { builtTabs: BUILT_ADMIN_TABS };

/** It reads the user's permissions, so it loads with the admin area, not with the route table (ADR 0111). */
const firstAdminTab = async () => ({
  Component: (await import(/* webpackChunkName: "admin" */ './first-admin-tab')).FirstAdminTab,
});

/** Children of /main: the admin area (docs/product/admin-accounts.md#admin-area). */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    handle,
    lazy: async () => {
      const { AdminPage } = await import(/* webpackChunkName: "admin" */ './admin-page');
      return { Component: AdminPage };
    },
    children: [
      ...adminTabRoutes,
      { index: true, lazy: firstAdminTab },
      // Any other admin path goes to the tenant tab (docs/product/admin-accounts.md#admin-area), or the first tab the user may read without it.
      { path: '*', lazy: firstAdminTab },
    ],
  },
];
