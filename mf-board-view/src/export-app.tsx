// The module this remote exposes as `mf_board_view/App`: the board screens, inside the host's router.
import { App } from './app/App';

export default App;
