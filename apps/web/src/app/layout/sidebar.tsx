// The sidebar (spec 03 §2.2): the entries the domain rule allows among the screens built.
import type { ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AirOutlined from '@mui/icons-material/AirOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import type { SidebarEntry } from '@allclear/domain';
import { SIDEBAR_COLORS, SIDEBAR_WIDTH } from '../theme.ts';
import { useLayoutStore } from './layout-store.ts';

const ICONS: Record<string, ReactElement> = {
  '/': <HomeOutlined />,
  '/Hardware': <RouterOutlined />,
  '/AirQuality': <AirOutlined />,
  '/Consultation': <SupportAgentOutlined />,
  '/Users': <GroupOutlined />,
  '/Policies': <PolicyOutlined />,
  '/MassNotify': <SendOutlined />,
  '/Widgets': <WidgetsOutlined />,
  '/LiveCamera': <VideocamOutlined />,
  '/Integrations': <ExtensionOutlined />,
  '/Broadcast': <CampaignOutlined />,
};

function isActive(entryPath: string, currentPath: string): boolean {
  const entry = entryPath.toLowerCase();
  const current = currentPath.toLowerCase();
  return entry === '/' ? current === '/' : current === entry || current.startsWith(`${entry}/`);
}

export interface SidebarProps {
  entries: readonly SidebarEntry[];
  /** Permanent drawer on desktop, temporary (menu button) on small screens. */
  permanent: boolean;
  /** Height of the top bar area the permanent drawer sits under, px. */
  topOffset: number;
}

/** The navigation drawer. */
export function Sidebar({ entries, permanent, topOffset }: SidebarProps) {
  const { pathname } = useLocation();
  const menuOpen = useLayoutStore((s) => s.menuOpen);
  const setMenuOpen = useLayoutStore((s) => s.setMenuOpen);

  const content = (
    <Box component="nav" aria-label="Main navigation" sx={{ height: '100%' }}>
      {permanent ? <Box sx={{ height: topOffset }} /> : <BrandRow />}
      <List sx={{ px: 1 }}>
        {entries.map((entry) => {
          const active = isActive(entry.path, pathname);
          return (
            <ListItem key={entry.path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={entry.path}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
                sx={{
                  borderRadius: 1,
                  mb: 0.5,
                  color: active ? SIDEBAR_COLORS.textActive : SIDEBAR_COLORS.text,
                  '&:hover': { backgroundColor: SIDEBAR_COLORS.hover },
                  '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: SIDEBAR_COLORS.active },
                  '&.Mui-focusVisible': { outline: `2px solid ${SIDEBAR_COLORS.accent}` },
                }}
              >
                <ListItemIcon
                  sx={{ color: active ? SIDEBAR_COLORS.accent : SIDEBAR_COLORS.text, minWidth: 40 }}
                >
                  {ICONS[entry.path]}
                </ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );

  const paperSx = {
    width: SIDEBAR_WIDTH,
    boxSizing: 'border-box',
    backgroundColor: SIDEBAR_COLORS.background,
    color: SIDEBAR_COLORS.text,
    borderRight: 'none',
  } as const;

  if (permanent) {
    return (
      <Drawer
        variant="permanent"
        sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
        slotProps={{ paper: { sx: paperSx } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={menuOpen}
      onClose={() => setMenuOpen(false)}
      ModalProps={{ keepMounted: false }}
      // the opened drawer is a dialog, and a dialog needs a name
      slotProps={{ paper: { sx: paperSx, 'aria-label': 'Navigation menu' } }}
    >
      {content}
    </Drawer>
  );
}

function BrandRow() {
  return (
    <Toolbar>
      <Typography variant="h6" component="span" sx={{ color: SIDEBAR_COLORS.textActive }}>
        AllClear
      </Typography>
    </Toolbar>
  );
}
