import { permissionsOf } from '../../../lib/permissions';
import { userInfo } from '../../../testing/factories';
import { projectLinkTarget } from './project-link-target';
import { PERMISSION } from '../../../../shared/permissions';

const who = (permissions: string[], roleName = 'Analyst') => permissionsOf(userInfo({ permissions, roleName }));
const RESULTS = PERMISSION.TENANT_PROJECT_RESULTS_READ;
const PARTICIPANTS = PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ;

describe('project name link target (docs/product/project-list.md#link-target)', () => {
  test.each([
    // stage sequence, permissions, role, target
    [3, [RESULTS, PARTICIPANTS], 'Analyst', '/main/project/7/results'],
    [4, [RESULTS], 'Analyst', '/main/project/7/results'],
    [3, [PARTICIPANTS], 'Analyst', '/main/project/7/participants'],
    [4, [PARTICIPANTS], 'Analyst', '/main/project/7/participants'],
    [3, [], 'Analyst', '/main/project/7'],
    [1, [RESULTS, PARTICIPANTS], 'Analyst', '/main/project/7'],
    [2, [RESULTS, PARTICIPANTS], 'Analyst', '/main/project/7'],
    [null, [RESULTS], 'Analyst', '/main/project/7'],
    [3, [RESULTS, PARTICIPANTS], 'Tenant Support', '/main/project/7'],
    [4, [RESULTS], 'Tenant Support', '/main/project/7'],
  ] as const)('stage %s with %j as %s → %s', (stage, permissions, role, target) => {
    expect(projectLinkTarget(7, stage, who([...permissions], role))).toBe(target);
  });

  test('the Tenant Support role is matched exactly as named', () => {
    expect(projectLinkTarget(7, 3, who([RESULTS], 'tenant support'))).toBe('/main/project/7/results');
  });
});
