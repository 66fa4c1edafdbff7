/**
 * What the shell provides to the share scope as `react-router-dom` (rsbuild.config.ts, `import`).
 *
 * A shared module is never tree-shaken, since the build cannot know what a remote deployed later will
 * use: sharing the package itself puts all of React Router (61 KB gzip) on every first load. This
 * list is the part the front-ends use (Biome's noRestrictedImports keeps their imports to it), so the
 * shell's build drops the rest. It re-exports from `react-router`, which react-router-dom 7 itself
 * re-exports, because an import of `react-router-dom` here would be the shared module itself.
 * A remote that needs another export adds it here and to biome.json, and the shell is deployed first.
 */
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
