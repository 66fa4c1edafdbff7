// The module this remote exposes as `mf_settings/App`: its screen, rendered inside the host's router.
import { App } from './app/App';

export default App;
