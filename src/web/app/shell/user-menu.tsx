import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuInfo, LuLogOut, LuUser } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../lib/use-user-info';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { themeChanged } from '../../state/preferences-slice';
import { logoutRequested } from '../../state/session-events';

/** Profile, About, the theme switch and Logout. */
export function UserMenu() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const theme = useAppSelector((state) => state.preferences.theme);
  const fullName = userInfo ? `${userInfo.firstName} ${userInfo.lastName}`.trim() : '';

  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === 'profile') navigate('/main/userprofile');
        else if (value === 'about') navigate('/main/about');
        else if (value === 'logout') dispatch(logoutRequested({ notifyServer: true }));
      }}
    >
      <Menu.Trigger asChild>
        {/* The name holds the user's name the button shows (WCAG 2.5.3 Label in Name); the avatar falls back to an
            icon rather than initials, which would be visible text missing from the name. */}
        <Button
          variant="ghost"
          size="sm"
          px="2"
          data-testid="user-menu"
          aria-label={fullName ? t`${fullName}, user menu` : t`User menu`}
        >
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback />
            {userInfo?.image ? (
              <Avatar.Image src={`data:image/png;base64,${userInfo.image}`} alt="" data-testid="user-menu-photo" />
            ) : null}
          </Avatar.Root>
          <Text as="span" hideBelow="md">
            {fullName}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.Item value="profile" data-testid="user-menu-profile">
              <LuUser />
              <Trans>Profile</Trans>
            </Menu.Item>
            <Menu.Item value="about" data-testid="user-menu-about">
              <LuInfo />
              <Trans>About</Trans>
            </Menu.Item>
            <Menu.CheckboxItem
              value="theme"
              data-testid="theme-switch"
              checked={theme === 'dark'}
              onCheckedChange={(checked) => dispatch(themeChanged(checked ? 'dark' : 'light'))}
            >
              {/* The check mark sits where the other items have their icon. */}
              <Menu.ItemIndicator />
              <Trans>Dark theme</Trans>
            </Menu.CheckboxItem>
            <Menu.Separator />
            <Menu.Item value="logout" data-testid="user-menu-logout">
              <LuLogOut />
              <Trans>Logout</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
