import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import { lazyPage } from '../../shared/lazyPage';

// Each page is its own chunk: the back office's first load is the shell and the page it opens.
const ServiceList = lazyPage(() => import('./ServiceList'), 'ServiceList');

/** The services resource (resource name = API path segment = folder name); create and edit are dialogs of the list. */
export default { list: ServiceList, icon: DesignServicesOutlined, recordRepresentation: 'name' };
