// The module this remote exposes as `mf_boards/App`: its screens, rendered inside the host's router.
import { App } from './app/App';

export default App;
