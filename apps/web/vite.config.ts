import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The back end (npm start) serves every service on :8080; the dev server forwards them so the SPA keeps one origin.
const BACKEND = 'http://localhost:8080';
const PROXIED_PREFIXES = [
  '/api',
  '/map',
  '/identity',
  '/integration',
  '/stream',
  '/widget-service',
  '/public-api',
  '/dev',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    // Keys are anchored patterns so '/integration' does not swallow the SPA route '/integrations'.
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [
        `^${prefix}(/|\\?|$)`,
        { target: BACKEND, changeOrigin: false, ws: prefix === '/stream' },
      ]),
    ),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and MUI's core (styling, theming, transitions) change rarely: their own chunks stay cached across
        // app releases. Groups name their packages explicitly: a catch-all would drag libraries used only by lazy
        // screens (maps, charts, MUI X) into the first download. MUI's components (@mui/material) are in no group,
        // so each travels with the screens that use it: a component only a new admin screen uses never grows the
        // first download (with them grouped, every screen's components joined the initial chunk).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|@popperjs|react-transition-group|stylis|clsx|react-is|prop-types|@babel[\\/]runtime)[\\/]/,
              priority: 10,
            },
            {
              // MUI components the shell itself shows (top bar, sidebar, menus, toasts, alerts): one chunk in the
              // first download that every screen reuses, so a new lazy screen that uses some of them does not
              // split them into more, smaller chunks (which grew the first download by ~0.7 kB per screen). The shell
              // shows no checkbox or switch: their SwitchBase stays with the screens that do (issue 16).
              name: 'mui-shell',
              test: /[\\/]node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(Alert|AlertTitle|AppBar|Avatar|Backdrop|Box|Button|ButtonBase|ButtonGroup|Chip|CircularProgress|ClickAwayListener|CssBaseline|DefaultPropsProvider|Divider|Drawer|Fade|GlobalStyles|Grow|IconButton|InitColorSchemeScript|Link|List|ListItem|ListItemButton|ListItemIcon|ListItemSecondaryAction|ListItemText|Menu|MenuItem|MenuList|Modal|Paper|Popover|Popper|Portal|Slide|Snackbar|SnackbarContent|SvgIcon|Toolbar|Tooltip|Typography|Unstable_TrapFocus|colors|internal(?![\\/]SwitchBase)|styles|transitions|useLazyRipple|useMediaQuery|utils|zero-styled)[\\/]/,
              priority: 8,
            },
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](@tanstack|oidc-client-ts|react-oidc-context|jwt-decode|zustand|use-sync-external-store)[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
