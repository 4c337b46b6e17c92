// The main top bar (spec 03 §2.3): menu button, environment badge, help link, the notification bell (its own lazy
// chunk) and avatar menu.
import { useId, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from 'react-oidc-context';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import { ENVIRONMENT_STRIP_HEIGHT, SUPPORT_CENTRE_URL } from './environment.ts';
import { useLayoutStore } from './layout-store.ts';
import { isBuilt } from '../routes.tsx';
import { useAuthStore } from '../../lib/session/auth-store.ts';
import { ImpersonationBanner } from '../auth/impersonation-banner.tsx';
import { NotificationBell } from './notification-bell.tsx';

export interface TopBarProps {
  /** Badge text such as 'DEV'; null in production. */
  environmentBadge: string | null;
  /** Small screens: show the menu button, and let the temporary drawer cover the bar. */
  showMenuButton: boolean;
  userName: string;
  userEmail?: string | null;
  /** The user declines notifications: the bell is red with 'Notifications Disabled' (spec 03 §2.3). */
  declinesNotifications?: boolean;
}

const AVATAR_ITEMS = [
  { label: 'My Profile', path: '/Profile', icon: <PersonOutline fontSize="small" /> },
  {
    label: 'Notification Settings',
    path: '/NotificationSettings',
    icon: <NotificationsOutlined fontSize="small" />,
  },
] as const;

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0]?.slice(0, 2) ?? '?')
  ).toUpperCase();
}

/** The fixed top bar. */
export function TopBar({
  environmentBadge,
  showMenuButton,
  userName,
  userEmail,
  declinesNotifications = false,
}: TopBarProps) {
  const toggleMenu = useLayoutStore((s) => s.toggleMenu);
  const menuOpen = useLayoutStore((s) => s.menuOpen);
  const auth = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  const closeMenu = () => setAnchor(null);
  const logOut = () => {
    closeMenu();
    useAuthStore.getState().setToken(null);
    void auth.signoutRedirect();
  };

  return (
    <AppBar
      component="header"
      position="fixed"
      // On desktop the bar spans the permanent sidebar; on small screens the opened drawer covers the bar.
      sx={{ zIndex: (t) => (showMenuButton ? t.zIndex.appBar : t.zIndex.drawer + 1) }}
    >
      <ImpersonationBanner />
      {environmentBadge ? (
        <Box
          sx={{
            height: ENVIRONMENT_STRIP_HEIGHT,
            bgcolor: 'warning.main',
            color: 'warning.contrastText',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
          }}
        >
          <Chip
            label={environmentBadge}
            size="small"
            aria-label={`Environment: ${environmentBadge}`}
            sx={{ height: 18, fontWeight: 700, bgcolor: 'rgba(0,0,0,0.2)', color: 'inherit' }}
          />
          <Typography variant="caption" component="span">
            Not the production environment
          </Typography>
        </Box>
      ) : null}
      <Toolbar sx={{ gap: 1 }}>
        {showMenuButton ? (
          <IconButton
            edge="start"
            aria-label="Open navigation menu"
            aria-expanded={menuOpen}
            onClick={toggleMenu}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography variant="h6" component="span" sx={{ color: 'primary.dark', fontWeight: 700 }}>
          AllClear
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Support centre">
          <IconButton
            component="a"
            href={SUPPORT_CENTRE_URL}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Help: support centre (opens in a new tab)"
          >
            <HelpOutline />
          </IconButton>
        </Tooltip>
        <NotificationBell declines={declinesNotifications} />
        <IconButton
          id={buttonId}
          // the name holds the initials the button shows, so a speech user can say what they see (WCAG 2.5.3)
          aria-label={`Account menu, ${initialsOf(userName)}`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        >
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
            {initialsOf(userName)}
          </Avatar>
        </IconButton>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={closeMenu}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ list: { 'aria-labelledby': buttonId } }}
        >
          <Box component="li" role="none" sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{userName}</Typography>
            {userEmail ? (
              <Typography variant="body2" color="text.secondary">
                {userEmail}
              </Typography>
            ) : null}
          </Box>
          <Divider component="li" />
          {AVATAR_ITEMS.filter((item) => isBuilt(item.path)).map((item) => (
            <MenuItem
              key={item.path}
              onClick={() => {
                closeMenu();
                void navigate(item.path);
              }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              {item.label}
            </MenuItem>
          ))}
          <MenuItem onClick={logOut}>
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            Log Out
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
