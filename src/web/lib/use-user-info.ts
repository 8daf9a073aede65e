import { useGetUserInfoQuery, type UserInfo } from '../api/generated/user-service';

/**
 * The signed-in user's info: the one way the console reads it, straight from its query's cache (the session gate
 * loads it before the shell shows; a profile save refetches it through the User tag). Null while it loads.
 */
export const useUserInfo = (): UserInfo | null => useGetUserInfoQuery().data ?? null;
