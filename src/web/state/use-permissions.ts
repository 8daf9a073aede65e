import { useMemo } from 'react';
import { useAppSelector } from './hooks';
import { permissionsOf, type Permissions } from './permissions';

/** The one permission check of the console (sidebar, screens, buttons). */
export const usePermissions = (): Permissions => {
  const userInfo = useAppSelector((state) => state.admin.userInfo);
  return useMemo(() => permissionsOf(userInfo), [userInfo]);
};
