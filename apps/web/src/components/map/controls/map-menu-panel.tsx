// A map menu: a button that opens its panel through the map store's one-open-menu rule (spec 01 §4 'Menus').
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { MapMenu } from '@allclear/domain';
import { useMapStore } from '../map-store.ts';

export interface MapMenuPanelProps {
  menu: MapMenu;
  label: string;
  icon?: ReactNode;
  children: ReactNode;
  /** Which side of the button the panel opens towards. */
  align?: 'left' | 'right';
  placement?: 'below' | 'above';
}

/** A toggle button and, while it is the open menu, its panel. */
export function MapMenuPanel({
  menu,
  label,
  icon,
  children,
  align = 'left',
  placement = 'below',
}: MapMenuPanelProps) {
  const open = useMapStore((s) => s.openMenu === menu);
  const clickMenu = useMapStore((s) => s.clickMenu);
  const panelId = `map-menu-${menu}`;
  return (
    <Box sx={{ position: 'relative' }}>
      <Button
        size="small"
        variant={open ? 'contained' : 'outlined'}
        startIcon={icon}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => clickMenu(menu)}
        sx={{ bgcolor: open ? undefined : 'background.paper', whiteSpace: 'nowrap' }}
      >
        {label}
      </Button>
      {open && (
        <Paper
          id={panelId}
          role="region"
          aria-label={label}
          elevation={6}
          sx={{
            position: 'absolute',
            zIndex: 3,
            minWidth: 200,
            p: 1.5,
            [align]: 0,
            ...(placement === 'below' ? { top: '100%', mt: 0.5 } : { bottom: '100%', mb: 0.5 }),
          }}
        >
          {children}
        </Paper>
      )}
    </Box>
  );
}
