import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { lazyPage } from '../../shared/lazyPage';

// Each page is its own chunk: the back office's first load is the shell and the page it opens.
const ClientList = lazyPage(() => import('./ClientList'), 'ClientList');

/** The clients resource (resource name = API path segment = folder name); create and edit are dialogs of the list. */
export default { list: ClientList, icon: PeopleAltOutlined, recordRepresentation: 'username' };
