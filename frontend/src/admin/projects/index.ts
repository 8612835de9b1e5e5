import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import { ProjectList } from './ProjectList';

/** The projects resource (resource name = API path segment = folder name). */
export default { list: ProjectList, icon: CameraAltOutlined };
