// A map menu: a button that opens its panel through the map store's one-open-menu rule (spec 01 §4 'Menus').
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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
  const anchorRef = useRef<HTMLDivElement>(null);
  const room = useRoomInMap(anchorRef, open, align, placement);
  return (
    <Box ref={anchorRef} sx={{ position: 'relative' }}>
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
            minWidth: room ? Math.min(200, room.width) : 200,
            maxWidth: room?.width,
            maxHeight: room?.height,
            overflowY: 'auto',
            boxSizing: 'border-box',
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

/** Room kept between a menu and the map's edge, px. */
const MENU_MARGIN_PX = 8;

/**
 * How much of the map (the closest [data-map-box] around the button, else the window) the panel may take from the
 * button towards its side: the panel scrolls instead of running off the map or the screen.
 */
function useRoomInMap(
  anchorRef: React.RefObject<HTMLDivElement | null>,
  open: boolean,
  align: 'left' | 'right',
  placement: 'below' | 'above',
): { width: number; height: number } | null {
  const [room, setRoom] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    if (!open || !anchor) return undefined;
    const measure = () => {
      const a = anchor.getBoundingClientRect();
      const boxEl = anchor.closest('[data-map-box]');
      const m = boxEl
        ? boxEl.getBoundingClientRect()
        : { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      const next = {
        width: Math.max(0, align === 'left' ? m.right - a.left : a.right - m.left) - MENU_MARGIN_PX,
        height: Math.max(0, placement === 'below' ? m.bottom - a.bottom : a.top - m.top) - 2 * MENU_MARGIN_PX,
      };
      // jsdom lays nothing out: no constraint there
      if (a.width === 0 && a.height === 0) return;
      setRoom((prev) => (prev && prev.width === next.width && prev.height === next.height ? prev : next));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [anchorRef, open, align, placement]);
  return open ? room : null;
}
