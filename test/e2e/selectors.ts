/**
 * The one place browser journeys name elements. The console sets these as `data-testid` attributes;
 * change a name here and in the component together.
 */
export const sel = {
  signIn: {
    email: 'signin-email',
    password: 'signin-password',
    submit: 'signin-submit',
    error: 'signin-error',
    forgotPassword: 'signin-forgot-password',
  },
  blockedIp: 'blocked-ip-screen',
  authorizationError: 'authorization-error-screen',
  tenantChooser: {
    dialog: 'tenant-chooser',
    select: 'tenant-chooser-select',
    selectButton: 'tenant-chooser-select-button',
    cancelButton: 'tenant-chooser-cancel-button',
  },
  noTenant: 'no-tenant-screen',
  notFound: 'not-found',
  shell: {
    topBar: 'topbar',
    sidebar: 'sidebar',
    /** each entry: `sidebar-<key>` with key dashboard, projects, admin, reports, analytics, documents, analytic-reports */
    sidebarEntry: (key: string) => `sidebar-${key}`,
    languageSelect: 'language-select',
    userMenu: 'user-menu',
    userMenuProfile: 'user-menu-profile',
    userMenuAbout: 'user-menu-about',
    themeSwitch: 'theme-switch',
    logout: 'user-menu-logout',
    tenantName: 'operating-tenant-name',
    switchTenant: 'switch-tenant',
  },
  // Admin area (issue 4).
  admin: {
    page: 'admin-page',
    tab: (key: string) => `admin-tab-${key}`,
    roles: {
      list: 'roles-list',
      search: 'roles-search',
      add: 'roles-add',
      name: 'role-name',
      description: 'role-description',
      save: 'role-save',
      success: 'role-success',
    },
    permissions: {
      roleSelect: 'permissions-role-select',
      roleDescription: 'permissions-role-description',
      checkbox: (permission: string) => `permission-${permission}`,
      save: 'permissions-save',
      reset: 'permissions-reset',
      success: 'permissions-success',
      roleError: 'permissions-role-error',
    },
  },
  dashboard: 'dashboard-page',
  about: {
    page: 'about-page',
    version: 'about-version',
  },
  resetPassword: {
    email: 'reset-email',
    submit: 'reset-submit',
    success: 'reset-success',
    error: 'reset-error',
    newPassword: 'reset-new-password',
    confirmPassword: 'reset-confirm-password',
    setPassword: 'reset-set-password',
  },
} as const;
