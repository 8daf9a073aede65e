import { PERMISSION, PERMISSION_CATALOGUE, permissionById } from './permissions';

/** Every permission string the three spec documents and the issue name. */
const NAMED_BY_THE_SPECS = `
tenant.read tenant.create tenant.update tenant.users.read tenant.users.create tenant.users.update tenant.users.delete
tenant.users.activity.read tenant.roles.permissions.read tenant.roles.permissions.create tenant.roles.permissions.update
tenant.roles.permissions.internal.read tenant.project.lookupvalues.read tenant.project.lookupvalues.create
tenant.project.lookupvalues.update callcenter.read callcenter.create callcenter.update tenant.callexec.detail.read
tenant.client.application.read tenant.client.application.create tenant.document.read tenant.document.create
tenant.document.delete tenant.order.read tenant.order.create tenant.order.update tenant.order.delete
tenant.result.config.read tenant.result.config.create tenant.result.config.update tenant.result.config.delete
tenant.project.detail.read tenant.project.detail.create tenant.project.detail.update tenant.project.detail.internal.read
tenant.project.detail.internal.update tenant.project.details.file.password.read tenant.project.team.read
tenant.project.team.update tenant.project.team.delete tenant.project.questions.read tenant.project.questions.create
tenant.project.questions.update tenant.project.questions.delete tenant.project.questions.internal.update
tenant.project.questions.approve.update tenant.project.participants.read tenant.project.participants.create
tenant.project.participants.update tenant.project.participants.delete tenant.project.participant.download
tenant.project.participant.test.read tenant.project.participant.test.create tenant.project.participant.test.update
tenant.project.participant.action.list.read tenant.project.participant.invite.create tenant.project.results.read
tenant.project.results.create tenant.project.result.download tenant.project.resultshold.internal.read
tenant.project.resultshold.internal.update tenant.project.report.call.read tenant.project.cm.recording.read
tenant.project.accesscode.read tenant.project.communication.read tenant.project.communication.update
tenant.project.clone.create tenant.project.results.email.create result.follow.up.note.read result.follow.up.note.add
secrets.read secrets.create secrets.update secrets.delete tenant.audit.log.read tenant.backend.data.read
tenant.result.repost.create`
  .trim()
  .split(/\s+/);

test('permission 80 is tenant.roles.permissions.internal.read', () => {
  expect(permissionById.get(80)?.permission).toBe('tenant.roles.permissions.internal.read');
});

test('the catalogue holds every permission the specs name, each once, with unique ids and numbers', () => {
  const names = PERMISSION_CATALOGUE.map((p) => p.permission);
  expect(names).toEqual(expect.arrayContaining(NAMED_BY_THE_SPECS));
  expect(new Set(names).size).toBe(names.length);
  expect(new Set(PERMISSION_CATALOGUE.map((p) => p.id)).size).toBe(names.length);
  expect(new Set(PERMISSION_CATALOGUE.map((p) => p.permissionNumber)).size).toBe(names.length);
});

test('the internal group is every *.internal.* permission plus audit log, backend data and repost', () => {
  const internal = PERMISSION_CATALOGUE.filter((p) => p.group === 'internal')
    .map((p) => p.permission)
    .sort();
  const expected = [
    ...PERMISSION_CATALOGUE.filter((p) => p.permission.includes('.internal.')).map((p) => p.permission),
    'tenant.audit.log.read',
    'tenant.backend.data.read',
    'tenant.result.repost.create',
  ].sort();
  expect(internal).toEqual(expected);
});

test('every permission has a resource, an access type and a group', () => {
  for (const p of PERMISSION_CATALOGUE) {
    expect(['read', 'create', 'update', 'delete']).toContain(p.accessType);
    expect(['project', 'administration', 'internal']).toContain(p.group);
    expect(p.permission.startsWith(p.resource)).toBe(true);
  }
  expect(permissionById.get(4)).toMatchObject({
    permission: 'tenant.users.read',
    resource: 'tenant.users',
    accessType: 'read',
  });
});

test('each permission has one constant named after it, which is its name', () => {
  expect(PERMISSION.TENANT_USERS_READ).toBe('tenant.users.read');
  expect(PERMISSION.TENANT_PROJECT_PARTICIPANT_ACTION_LIST_READ).toBe('tenant.project.participant.action.list.read');
  expect(Object.values(PERMISSION).sort()).toEqual(PERMISSION_CATALOGUE.map((p) => p.permission).sort());
  for (const [constant, permission] of Object.entries(PERMISSION)) {
    expect(constant).toBe(permission.toUpperCase().replaceAll('.', '_'));
  }
  expect(Object.isFrozen(PERMISSION)).toBe(true);
});
