import { ClientList } from './ClientList';

/** The clients resource (resource name = API path segment = folder name). */
export default { list: ClientList };
