import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { ClientList } from './ClientList';

/** The clients resource (resource name = API path segment = folder name); create and edit are dialogs of the list. */
export default { list: ClientList, icon: PeopleAltOutlined, recordRepresentation: 'username' };
