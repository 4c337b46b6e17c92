// The dashboard's panel frame: a titled card, a crash boundary with the panel's own fallback text (spec 01 §8),
// and the message block used by error and empty states.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export interface PanelProps {
  title: ReactNode;
  /** Right side of the title row (toggles, links). */
  action?: ReactNode;
  children: ReactNode;
  /** Accessible name of the region; the title text unless given. */
  label: string;
  sx?: SxProps<Theme>;
  /** Marks the panel as alarming (spec 01 §2 'flagged scary'). */
  scary?: boolean;
}

/** A titled dashboard card, exposed as a named region. */
export function Panel({ title, action, children, label, sx, scary = false }: PanelProps) {
  return (
    <Card
      component="section"
      aria-label={label}
      data-scary={scary ? 'true' : undefined}
      variant="outlined"
      sx={[
        { height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 },
        scary && { borderColor: 'error.main', borderWidth: 2 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** An error or empty message inside a panel. */
export function PanelMessage({
  title,
  detail,
  role = 'status',
}: {
  title: string;
  detail?: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <Box role={role} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
      <Typography color="text.primary" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {detail ? <Typography variant="body2">{detail}</Typography> : null}
    </Box>
  );
}

interface BoundaryProps {
  /** The panel's crash text (spec 01 §8). */
  fallback: string;
  /** A new key (the selected location) tries the panel again. */
  resetKey?: unknown;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Catches a panel's render errors and shows its crash fallback instead of the whole screen's. */
export class PanelBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Dashboard panel crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return (
        <Card
          variant="outlined"
          role="alert"
          sx={{ p: 3, height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center' }}
        >
          <Typography color="text.secondary">{this.props.fallback}</Typography>
        </Card>
      );
    return this.props.children;
  }
}
