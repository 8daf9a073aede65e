import { useMemo } from 'react';
import { permissionsOf, type Permissions } from './permissions';
import { useUserInfo } from './use-user-info';

/** The one permission check of the console (sidebar, screens, buttons). */
export const usePermissions = (): Permissions => {
  const userInfo = useUserInfo();
  return useMemo(() => permissionsOf(userInfo), [userInfo]);
};
