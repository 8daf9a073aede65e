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
  dashboard: 'dashboard-page',
  dashboardTiles: {
    activeProjects: 'kpi-active-projects-value',
    completedProjects: 'kpi-completed-projects-value',
    lifetimeCalls: 'kpi-lifetime-calls-value',
    orderCalls: 'kpi-order-calls-value',
    callsRemaining: 'kpi-calls-remaining-value',
  },
  projects: {
    list: 'project-list',
    page: 'projects-page',
    cards: 'project-cards',
    /** `project-card-<projectId>` */
    card: (projectId: number) => `project-card-${projectId}`,
    nameLink: 'project-name-link',
    empty: 'projects-empty',
    error: 'projects-error',
    create: 'project-create',
    updated: 'projects-updated',
    statusFilter: 'project-filter-status-trigger',
    stageFilter: 'project-filter-stage-trigger',
    /** `project-filter-<status|stage>-option-<attributeId>` */
    filterOption: (filter: 'status' | 'stage', attributeId: number) => `project-filter-${filter}-option-${attributeId}`,
  },
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
