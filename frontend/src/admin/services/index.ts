import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import { ServiceList } from './ServiceList';

/** The services resource (resource name = API path segment = folder name); create and edit are dialogs of the list. */
export default { list: ServiceList, icon: DesignServicesOutlined, recordRepresentation: 'name' };
