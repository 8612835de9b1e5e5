import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import { lazyPage } from '../../shared/lazyPage';

// Each page is its own chunk: the back office's first load is the shell and the page it opens.
const ProjectList = lazyPage(() => import('./ProjectList'), 'ProjectList');

/** The projects resource (resource name = API path segment = folder name). */
export default { list: ProjectList, icon: CameraAltOutlined };
